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
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The resource handlers {@code WebMvcConfigurer}s register in {@code addResourceHandlers} (static files, webjars,
 * springdoc's swagger-ui), served by the {@code ResourceHttpRequestHandler}s Spring MVC's own
 * {@link ResourceHandlerRegistry} builds from them, so their locations, resolvers, transformers, cache control and
 * conditional GETs behave as on Spring MVC. The paths the patterns may match become GET routes (HEAD and OPTIONS
 * follow) on the worker pool, whose requests the patterns tell apart as Spring MVC's handler mapping does
 * ({@link MvcResourceHandler}).
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
        Set<String> templates = new LinkedHashSet<>();
        List<MvcResourceHandler.Mapping> mappings = new ArrayList<>(handlers.size());
        PathPatternParser parser = PathPatternParser.defaultInstance;
        handlers.forEach((pattern, handler) -> {
            PathPattern parsed = parser.parse(parser.initFullPathPattern(pattern));
            templates.add(template(parsed.getPatternString()));
            mappings.add(new MvcResourceHandler.Mapping(parsed, handler));
        });
        ErrorResolution errors = ErrorResolution.of(null, advices.stream().filter(Advice::isGlobal).toList());
        ResourceUrlProvider urls = new ResourceUrlProvider();
        urls.setHandlerMap(handlers);
        // one handler over every pattern: a path a route takes goes to the most specific pattern of all, as on Spring
        MvcResourceHandler handler = new MvcResourceHandler(mappings, urls, errors);
        List<Route> routes = new ArrayList<>(templates.size());
        for (String template : templates) {
            if (!takenByController(template, controllerRoutes)) {
                routes.add(Route.get(template).scheduler(Schedulers.WORKER).documented(false).handler(handler));
            }
        }
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

    /** A route template as {@link #template} would write it: {@code {*rest}} as {@code **}. */
    private static String shape(String path) {
        int rest = path.indexOf("/{*");
        return rest >= 0 && path.endsWith("}") && path.indexOf('/', rest + 1) < 0 ? path.substring(0, rest) + "/**"
                : path;
    }

    /**
     * The route template that takes every path {@code pattern} may match: the pattern itself when it is all literal
     * segments, else its literal segments up to the first with a wildcard or variable, then {@code /**}. The handler
     * then matches the patterns themselves.
     */
    static String template(String pattern) {
        StringBuilder template = new StringBuilder();
        for (String segment : pattern.substring(1).split("/", -1)) {
            if (segment.indexOf('*') >= 0 || segment.indexOf('?') >= 0 || segment.indexOf('{') >= 0) {
                return template.append("/**").toString();
            }
            template.append('/').append(segment);
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
