package dev.brisk.benchmarks.serve;

import dev.brisk.benchmarks.serve.springmvc.SpringMvcApplication;
import org.springframework.boot.ApplicationContextFactory;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.web.server.servlet.context.AnnotationConfigServletWebServerApplicationContext;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code serve spring-mvc}: Spring Boot 4 Web MVC on Tomcat with {@code server.tomcat.threads.max=32}, serving the
 * same {@code @RestController} as {@code brisk-rest-spring}, in Boot's own servlet context (this jar also holds Brisk's
 * starter, whose context factory would otherwise serve it with Brisk). {@code serve spring-mvc-filter} and
 * {@code spring-mvc-security} put a servlet filter or Spring Security in front of the controller ({@link SpringFilters}).
 */
final class SpringMvcServer implements ServerImpl {

    private final SpringFilters filters;

    SpringMvcServer(SpringFilters filters) {
        this.filters = filters;
    }

    @Override
    public int start(ServeOptions options) {
        if (options.tls()) {
            throw new IllegalArgumentException("spring-mvc is benchmarked on cleartext HTTP/1.1 only");
        }
        SpringApplication application = new SpringApplication(filters.sources(SpringMvcApplication.class));
        // this jar also holds Brisk's starter, which would serve a servlet application itself: Boot's own context
        application.setApplicationContextFactory(
                ApplicationContextFactory.of(AnnotationConfigServletWebServerApplicationContext::new));
        Map<String, Object> properties = new LinkedHashMap<>();
        properties.put("server.port", options.port());
        properties.put("server.tomcat.threads.max", 32);
        properties.put("spring.main.banner-mode", "off");
        properties.put("logging.level.root", "warn");
        filters.exclude(properties, List.of());
        application.setDefaultProperties(properties);
        ConfigurableApplicationContext context = application.run();
        return ((WebServerApplicationContext) context).getWebServer().getPort();
    }
}
