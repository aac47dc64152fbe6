package dev.brisk.benchmarks.serve;

import dev.brisk.benchmarks.serve.springmvc.SpringMvcApplication;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import java.util.Map;

/**
 * {@code serve spring-mvc}: Spring Boot 4 Web MVC on Tomcat with {@code server.tomcat.threads.max=32}, serving the
 * same {@code @RestController} as {@code brisk-rest-spring}.
 */
final class SpringMvcServer implements ServerImpl {

    @Override
    public int start(ServeOptions options) {
        if (options.tls()) {
            throw new IllegalArgumentException("spring-mvc is benchmarked on cleartext HTTP/1.1 only");
        }
        SpringApplication application = new SpringApplication(SpringMvcApplication.class);
        application.setDefaultProperties(Map.of(
                "server.port", options.port(),
                "server.tomcat.threads.max", 32,
                "spring.main.banner-mode", "off",
                "logging.level.root", "warn"));
        ConfigurableApplicationContext context = application.run();
        return ((WebServerApplicationContext) context).getWebServer().getPort();
    }
}
