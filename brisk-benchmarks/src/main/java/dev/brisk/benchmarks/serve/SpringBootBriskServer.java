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
 * {@code serve spring-boot-brisk} (controllers on the worker pool, the default) and {@code serve spring-boot-brisk-io}
 * (on the event loop, {@code brisk.controller-scheduler=io}): a Spring Boot 4 application on
 * brisk-spring-boot-starter serving the same {@code @RestController} class as {@code spring-mvc}. This jar also holds
 * Tomcat (for {@code spring-mvc}), so the application is told it is not a servlet application: the starter's context
 * factory then serves it with Brisk, as it does in an application without Tomcat on its class path.
 */
final class SpringBootBriskServer implements ServerImpl {

    private final String scheduler;

    private SpringBootBriskServer(String scheduler) {
        this.scheduler = scheduler;
    }

    /** The controller on Brisk's default scheduler for controllers, the worker pool. */
    static SpringBootBriskServer standard() {
        return new SpringBootBriskServer(null);
    }

    /** The controller on the event loop, as controllers known not to block may run. */
    static SpringBootBriskServer io() {
        return new SpringBootBriskServer(Schedulers.IO);
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
            properties.put("brisk.controller-scheduler", scheduler);
        }
        application.setDefaultProperties(properties);
        ConfigurableApplicationContext context = application.run();
        return ((WebServerApplicationContext) context).getWebServer().getPort();
    }
}
