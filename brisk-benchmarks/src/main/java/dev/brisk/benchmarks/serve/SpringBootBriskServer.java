package dev.brisk.benchmarks.serve;

import dev.brisk.benchmarks.serve.springboot.SpringBootBriskApplication;
import dev.brisk.rest.Schedulers;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code serve spring-boot-brisk} and {@code serve spring-boot-brisk-biz}: a Spring Boot 4 application on
 * brisk-spring-boot-starter serving the same {@code @RestController} class as {@code spring-mvc}. This jar also holds
 * Tomcat (for {@code spring-mvc}), so the application is told it is not a servlet application: the starter's context
 * factory then serves it with Brisk, as it does in an application without Tomcat on its class path.
 */
final class SpringBootBriskServer implements ServerImpl {

    private final String scheduler;

    private SpringBootBriskServer(String scheduler) {
        this.scheduler = scheduler;
    }

    /** Brisk's default scheduler for the controller's routes. */
    static SpringBootBriskServer standard() {
        return new SpringBootBriskServer(null);
    }

    /** Every route on the BIZ pool, as blocking controllers would run. */
    static SpringBootBriskServer biz() {
        return new SpringBootBriskServer(Schedulers.BIZ);
    }

    @Override
    public int start(ServeOptions options) {
        if (options.tls()) {
            throw new IllegalArgumentException("spring-boot-brisk is benchmarked on cleartext HTTP/1.1 only, as "
                    + "spring-mvc");
        }
        SpringApplication application = new SpringApplication(SpringBootBriskApplication.class);
        application.setWebApplicationType(WebApplicationType.NONE);
        Map<String, Object> properties = new LinkedHashMap<>();
        properties.put("server.port", options.port());
        properties.put("brisk.io-threads", options.ioThreads());
        properties.put("brisk.transport", options.transport().name());
        properties.put("spring.main.banner-mode", "off");
        properties.put("logging.level.root", "warn");
        if (scheduler != null) {
            properties.put("brisk.default-scheduler", scheduler);
        }
        application.setDefaultProperties(properties);
        ConfigurableApplicationContext context = application.run();
        return ((WebServerApplicationContext) context).getWebServer().getPort();
    }
}
