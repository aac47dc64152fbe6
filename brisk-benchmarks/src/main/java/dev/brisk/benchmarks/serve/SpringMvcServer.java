package dev.brisk.benchmarks.serve;

import dev.brisk.benchmarks.serve.springmvc.SpringMvcApplication;
import org.springframework.boot.ApplicationContextFactory;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.web.server.servlet.context.AnnotationConfigServletWebServerApplicationContext;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import java.util.Map;

/**
 * {@code serve spring-mvc}: Spring Boot 4 Web MVC on Tomcat with {@code server.tomcat.threads.max=32}, serving the
 * same {@code @RestController} as {@code brisk-rest-spring}, in Boot's own servlet context (this jar also holds Brisk's
 * starter, whose context factory would otherwise serve it with Brisk).
 */
final class SpringMvcServer implements ServerImpl {

    @Override
    public int start(ServeOptions options) {
        if (options.tls()) {
            throw new IllegalArgumentException("spring-mvc is benchmarked on cleartext HTTP/1.1 only");
        }
        SpringApplication application = new SpringApplication(SpringMvcApplication.class);
        // this jar also holds Brisk's starter, which would serve a servlet application itself: Boot's own context
        application.setApplicationContextFactory(
                ApplicationContextFactory.of(AnnotationConfigServletWebServerApplicationContext::new));
        application.setDefaultProperties(Map.of(
                "server.port", options.port(),
                "server.tomcat.threads.max", 32,
                "spring.main.banner-mode", "off",
                "logging.level.root", "warn"));
        ConfigurableApplicationContext context = application.run();
        return ((WebServerApplicationContext) context).getWebServer().getPort();
    }
}
