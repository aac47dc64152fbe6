package dev.brisk.rest.spring.internal;

import dev.brisk.rest.Handler;
import dev.brisk.rest.RequestContext;
import dev.brisk.rest.servlet.ServletSupport;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpMethod;
import org.springframework.http.server.PathContainer;
import org.springframework.web.context.request.RequestAttributes;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;
import org.springframework.web.servlet.HandlerMapping;
import org.springframework.web.servlet.resource.NoResourceFoundException;
import org.springframework.web.servlet.resource.ResourceHttpRequestHandler;
import org.springframework.web.servlet.resource.ResourceUrlProvider;
import org.springframework.web.servlet.resource.ResourceUrlProviderExposingInterceptor;
import org.springframework.web.util.pattern.PathPattern;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Serves the resource handler patterns as Spring MVC's resource handler mapping does: the most specific pattern that
 * matches the path picks the {@link ResourceHttpRequestHandler}, which gets the servlet views of the
 * request with the attributes the mapping sets (the path within the pattern, the pattern, the
 * {@link ResourceUrlProvider}) and answers through the servlet response. Its failures (no such resource, a method it
 * does not serve) go to the global {@code @ExceptionHandler}s, else become Spring's problems.
 */
final class MvcResourceHandler implements Handler {

    private final List<Mapping> mappings;
    private final ResourceUrlProvider urls;
    private final ErrorResolution errors;

    /** One pattern and its handler. */
    record Mapping(PathPattern pattern, ResourceHttpRequestHandler handler) {
    }

    /**
     * @param urls the public URLs of resources over every pattern, for the resource chain's transformers (CSS links,
     *             versioned paths), as Spring MVC's {@code mvcResourceUrlProvider} knows them
     */
    MvcResourceHandler(List<Mapping> mappings, ResourceUrlProvider urls, ErrorResolution errors) {
        List<Mapping> sorted = new ArrayList<>(mappings);
        sorted.sort((a, b) -> PathPattern.SPECIFICITY_COMPARATOR.compare(a.pattern(), b.pattern()));
        this.mappings = List.copyOf(sorted);
        this.urls = urls;
        this.errors = errors;
    }

    @Override
    public void handle(RequestContext ctx) throws Exception {
        if (!ServletSupport.isInstalled(ctx)) {
            throw new IllegalStateException("Spring MVC's resource handlers need Brisk's servlet facade: install "
                    + "ServletSupport on the server (the Spring Boot starter does when the servlet API is present)");
        }
        HttpServletRequest request = ServletSupport.request(ctx);
        HttpServletResponse response = ServletSupport.response(ctx);
        RequestAttributes previous = RequestContextHolder.getRequestAttributes();
        RequestContextHolder.setRequestAttributes(new ServletRequestAttributes(request, response));
        try {
            serve(ctx, request, response);
        } catch (Exception e) {
            Object handled = errors.resolve(ctx, e, false);
            ctx.send(handled != ErrorResolution.UNHANDLED ? handled : UnhandledErrors.answer(ctx, e));
            return;
        } finally {
            RequestContextHolder.setRequestAttributes(previous);
        }
        ServletSupport.sendAnswer(ctx);
    }

    private void serve(RequestContext ctx, HttpServletRequest request, HttpServletResponse response)
            throws Exception {
        PathContainer path = PathContainer.parsePath(ctx.routePath());
        Mapping mapping = mappingFor(path);
        if (mapping == null) {
            throw new NoResourceFoundException(HttpMethod.valueOf(request.getMethod()), request.getRequestURI(),
                    path.value().substring(1));
        }
        PathPattern.PathMatchInfo match = mapping.pattern().matchAndExtract(path);
        request.setAttribute(HandlerMapping.BEST_MATCHING_HANDLER_ATTRIBUTE, mapping.handler());
        request.setAttribute(HandlerMapping.BEST_MATCHING_PATTERN_ATTRIBUTE, mapping.pattern().getPatternString());
        request.setAttribute(HandlerMapping.PATH_WITHIN_HANDLER_MAPPING_ATTRIBUTE,
                mapping.pattern().extractPathWithinPattern(path).value());
        request.setAttribute(HandlerMapping.URI_TEMPLATE_VARIABLES_ATTRIBUTE,
                match != null ? match.getUriVariables() : Map.of());
        request.setAttribute(ResourceUrlProviderExposingInterceptor.RESOURCE_URL_PROVIDER_ATTR, urls);
        mapping.handler().handleRequest(request, response);
    }

    /** The mapping of the most specific pattern that matches {@code path}, or null. */
    private Mapping mappingFor(PathContainer path) {
        for (Mapping mapping : mappings) {
            if (mapping.pattern().matches(path)) {
                return mapping;
            }
        }
        return null;
    }

    /** The Spring MVC handler a request of this route goes to, for interceptors; null when no pattern matches. */
    ResourceHttpRequestHandler handlerFor(RequestContext ctx) {
        Mapping mapping = mappingFor(PathContainer.parsePath(ctx.routePath()));
        return mapping == null ? null : mapping.handler();
    }

    @Override
    public String toString() {
        return "Spring MVC resource handler " + mappings.stream().map(m -> m.pattern().getPatternString()).toList();
    }
}
