package dev.brisk.benchmarks.serve;

import dev.brisk.benchmarks.serve.springboot.SpringBootBriskApplication;
import dev.brisk.rest.Schedulers;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code serve spring-boot-brisk} (controllers on the worker pool, the default) and {@code serve spring-boot-brisk-io}
 * (on the event loop, {@code brisk.controller-scheduler=io}): a Spring Boot 4 application on
 * brisk-spring-boot-starter serving the same {@code @RestController} class as {@code spring-mvc}. This jar also holds
 * the servlet API (with Tomcat, for {@code spring-mvc}), so these applications are told they are not servlet
 * applications: the starter's context factory then serves them with Brisk alone, as it does in an application without
 * the servlet API on its class path.
 * <p>
 * {@code serve spring-boot-brisk-servlet}, {@code -filter} and {@code -security} are servlet applications (Boot's
 * servlet context, served by Brisk and its servlet facade), with what {@link SpringFilters} puts in front of the
 * controller; they compare with {@code spring-mvc}, {@code spring-mvc-filter} and {@code spring-mvc-security}.
 */
final class SpringBootBriskServer implements ServerImpl {

    /**
     * What this jar holds for {@code spring-mvc} and an application on Brisk has not (Spring MVC's dispatcher, its
     * error controller and filters, Tomcat, Boot's servlet module): left out of the servlet applications on Brisk, which
     * would otherwise take Spring MVC's error controller for one of theirs.
     */
    private static final List<String> SERVLET_STACK_AUTO_CONFIGURATIONS = List.of(
            "org.springframework.boot.webmvc.autoconfigure.DispatcherServletAutoConfiguration",
            "org.springframework.boot.webmvc.autoconfigure.WebMvcAutoConfiguration",
            "org.springframework.boot.webmvc.autoconfigure.WebMvcObservationAutoConfiguration",
            "org.springframework.boot.webmvc.autoconfigure.error.ErrorMvcAutoConfiguration",
            "org.springframework.boot.tomcat.autoconfigure.servlet.TomcatServletWebServerAutoConfiguration",
            "org.springframework.boot.servlet.autoconfigure.HttpEncodingAutoConfiguration",
            "org.springframework.boot.servlet.autoconfigure.MultipartAutoConfiguration");

    private final String scheduler;
    private final boolean servletApplication;
    private final SpringFilters filters;

    private SpringBootBriskServer(String scheduler, boolean servletApplication, SpringFilters filters) {
        this.scheduler = scheduler;
        this.servletApplication = servletApplication;
        this.filters = filters;
    }

    /** The controller on Brisk's default scheduler for controllers, the worker pool. */
    static SpringBootBriskServer standard() {
        return new SpringBootBriskServer(null, false, SpringFilters.NONE);
    }

    /** The controller on the event loop, as controllers known not to block may run. */
    static SpringBootBriskServer io() {
        return new SpringBootBriskServer(Schedulers.IO, false, SpringFilters.NONE);
    }

    /** A servlet application: Boot's servlet context on Brisk, these filters in front of the controller. */
    static SpringBootBriskServer servlet(SpringFilters filters) {
        return new SpringBootBriskServer(null, true, filters);
    }

    @Override
    public int start(ServeOptions options) {
        if (options.tls()) {
            throw new IllegalArgumentException("spring-boot-brisk is benchmarked on cleartext HTTP/1.1 only, as "
                    + "spring-mvc");
        }
        SpringApplication application = new SpringApplication(filters.sources(SpringBootBriskApplication.class));
        if (!servletApplication) {
            application.setWebApplicationType(WebApplicationType.NONE);
        }
        Map<String, Object> properties = new LinkedHashMap<>();
        properties.put("server.port", options.port());
        properties.put("brisk.io-threads", options.ioThreads());
        properties.put("brisk.transport", options.transport().name());
        properties.put("spring.main.banner-mode", "off");
        properties.put("logging.level.root", "warn");
        if (scheduler != null) {
            properties.put("brisk.controller-scheduler", scheduler);
        }
        filters.exclude(properties, servletApplication ? SERVLET_STACK_AUTO_CONFIGURATIONS : List.of());
        application.setDefaultProperties(properties);
        ConfigurableApplicationContext context = application.run();
        return ((WebServerApplicationContext) context).getWebServer().getPort();
    }
}
