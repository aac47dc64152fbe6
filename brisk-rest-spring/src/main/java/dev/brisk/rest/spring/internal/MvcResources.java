package dev.brisk.rest.spring.internal;

import dev.brisk.rest.Route;
import dev.brisk.rest.Schedulers;
import jakarta.servlet.ServletContext;
import org.springframework.context.ApplicationContext;
import org.springframework.context.support.GenericApplicationContext;
import org.springframework.core.annotation.AnnotationAwareOrderComparator;
import org.springframework.web.context.WebApplicationContext;
import org.springframework.web.servlet.config.annotation.ResourceHandlerRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;
import org.springframework.web.servlet.handler.AbstractHandlerMapping;
import org.springframework.web.servlet.handler.SimpleUrlHandlerMapping;
import org.springframework.web.servlet.resource.ResourceHttpRequestHandler;
import org.springframework.web.servlet.resource.ResourceUrlProvider;
import org.springframework.web.util.pattern.PathPattern;
import org.springframework.web.util.pattern.PathPatternParser;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The resource handlers {@code WebMvcConfigurer}s register in {@code addResourceHandlers} (static files, webjars,
 * springdoc's swagger-ui), served by the {@code ResourceHttpRequestHandler}s Spring MVC's own
 * {@link ResourceHandlerRegistry} builds from them, so their locations, resolvers, transformers, cache control and
 * conditional GETs behave as on Spring MVC. Each pattern becomes a GET route (HEAD and OPTIONS follow) on the worker
 * pool; patterns that share a route are told apart as Spring MVC tells them apart ({@link MvcResourceHandler}).
 * Spring Boot's own configurer is left out: its static locations and webjars are what the starter mounts as Brisk's
 * static files. Only loaded when spring-webmvc, the servlet API and Brisk's servlet facade are present.
 */
public final class MvcResources {

    /** Spring Boot's configurer of its static locations ({@code spring.web.resources.*}) and webjars. */
    private static final String BOOT_CONFIGURER =
            "org.springframework.boot.webmvc.autoconfigure.WebMvcAutoConfiguration$WebMvcAutoConfigurationAdapter";

    private MvcResources() {
    }

    /**
     * The routes of the resource handlers {@code configurers} register, in Spring MVC's order of configurers
     * ({@code @Order}, {@code Ordered}, then as given).
     *
     * @param applicationContext the application context the handlers resolve their locations in (a web application
     *                           context also gives its servlet context), or null for one over the configurers' class
     *                           loader
     * @param advices            the advice whose global exception handlers answer the handlers' failures
     * @param controllerRoutes   the controllers' routes: a GET route for the same paths takes them all, as Spring MVC
     *                           consults its resource handlers after the controllers, and the resource route is left out
     */
    public static List<Route> of(List<Object> configurers, Object applicationContext, List<Advice> advices,
                                 List<Route> controllerRoutes) {
        List<Object> ordered = new ArrayList<>(configurers);
        AnnotationAwareOrderComparator.sort(ordered);
        ApplicationContext context = applicationContext instanceof ApplicationContext given ? given
                : detached(ordered.get(0).getClass().getClassLoader());
        ServletContext servletContext = context instanceof WebApplicationContext web ? web.getServletContext() : null;
        Registry registry = new Registry(context, servletContext);
        for (Object configurer : ordered) {
            if (!configurer.getClass().getName().equals(BOOT_CONFIGURER)) {
                ((WebMvcConfigurer) configurer).addResourceHandlers(registry);
            }
        }
        Map<String, ResourceHttpRequestHandler> handlers = registry.handlers();
        if (handlers.isEmpty()) {
            return List.of();
        }
        Map<String, List<MvcResourceHandler.Mapping>> byTemplate = new LinkedHashMap<>();
        PathPatternParser parser = PathPatternParser.defaultInstance;
        handlers.forEach((pattern, handler) -> {
            PathPattern parsed = parser.parse(parser.initFullPathPattern(pattern));
            byTemplate.computeIfAbsent(template(parsed.getPatternString()), t -> new ArrayList<>())
                    .add(new MvcResourceHandler.Mapping(parsed, handler));
        });
        ErrorResolution errors = ErrorResolution.of(null, advices.stream().filter(Advice::isGlobal).toList());
        ResourceUrlProvider urls = new ResourceUrlProvider();
        urls.setHandlerMap(handlers);
        List<Route> routes = new ArrayList<>(byTemplate.size());
        byTemplate.forEach((template, mappings) -> {
            if (!takenByController(template, controllerRoutes)) {
                routes.add(Route.get(template).scheduler(Schedulers.WORKER).documented(false)
                        .handler(new MvcResourceHandler(mappings, urls, errors)));
            }
        });
        return routes;
    }

    /** Whether a controller's unconditional GET route has the same path template (with any variable names). */
    private static boolean takenByController(String template, List<Route> controllerRoutes) {
        for (Route route : controllerRoutes) {
            if (route.method().name().equals("GET") && route.produces().isEmpty() && route.consumes().isEmpty()
                    && route.params().isEmpty() && route.headers().isEmpty()
                    && shape(route.path()).equals(template)) {
                return true;
            }
        }
        return false;
    }

    /** A route template with its variables unnamed, as {@link #template} writes them: {@code {id}} as {@code *}. */
    private static String shape(String path) {
        StringBuilder shape = new StringBuilder();
        for (String segment : path.substring(1).split("/", -1)) {
            if (segment.equals("**") || segment.startsWith("{*")) {
                return shape.append("/**").toString();
            }
            shape.append('/').append(segment.startsWith("{") && segment.indexOf(':') < 0 ? "*" : segment);
        }
        return shape.toString();
    }

    /**
     * The route template that takes every path {@code pattern} may match: its literal segments, {@code *} for a
     * segment with wildcards or variables, {@code /**} from the first multi-segment wildcard on. The handler then
     * matches the pattern itself.
     */
    static String template(String pattern) {
        StringBuilder template = new StringBuilder();
        for (String segment : pattern.substring(1).split("/", -1)) {
            if (segment.equals("**") || segment.startsWith("{*")) {
                return template.append("/**").toString();
            }
            boolean variable = segment.indexOf('*') >= 0 || segment.indexOf('?') >= 0 || segment.indexOf('{') >= 0;
            template.append('/').append(variable ? "*" : segment);
        }
        return template.toString();
    }

    /** An application context for resolving locations only: the class path is the configurers'. */
    private static ApplicationContext detached(ClassLoader loader) {
        GenericApplicationContext context = new GenericApplicationContext();
        if (loader != null) {
            context.setClassLoader(loader);
        }
        return context;
    }

    /** Spring MVC's registry, whose handler mapping (pattern to handler, in registration order) is read here. */
    private static final class Registry extends ResourceHandlerRegistry {

        Registry(ApplicationContext context, ServletContext servletContext) {
            super(context, servletContext);
        }

        Map<String, ResourceHttpRequestHandler> handlers() {
            AbstractHandlerMapping mapping = getHandlerMapping();
            if (!(mapping instanceof SimpleUrlHandlerMapping urls)) {
                return Map.of();
            }
            Map<String, ResourceHttpRequestHandler> handlers = new LinkedHashMap<>();
            urls.getUrlMap().forEach((pattern, handler) -> handlers.put(pattern, (ResourceHttpRequestHandler) handler));
            return handlers;
        }
    }
}
