package dev.brisk.rest.jaxrs.internal;

import dev.brisk.rest.Filter;
import dev.brisk.rest.FilterChain;
import dev.brisk.rest.RequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/**
 * Runs {@code @PreMatching} request filters before Brisk routes the request, so that they may change its method or
 * URI or abort it. The exchange they saw is kept for the resource method.
 */
public final class PreMatchingFilters implements Filter {

    static final String EXCHANGE = PreMatchingFilters.class.getName() + ".exchange";

    private final List<ContainerRequestFilter> filters;
    private final Responder responder;

    /** The application paths, longest first. */
    private final List<String> applicationPaths;

    PreMatchingFilters(Providers providers, Responder responder, Collection<String> applicationPaths) {
        this.filters = providers.preMatchingFilters();
        this.responder = responder;
        List<String> paths = new ArrayList<>(applicationPaths);
        paths.sort(Comparator.comparingInt(String::length).reversed());
        this.applicationPaths = List.copyOf(paths);
    }

    /** The application path the request's path lies under (the base URI filters see before matching). */
    private String applicationPathOf(String path) {
        for (String applicationPath : applicationPaths) {
            if (applicationPath.equals("/") || path.equals(applicationPath)
                    || path.startsWith(applicationPath) && path.charAt(applicationPath.length()) == '/') {
                return applicationPath;
            }
        }
        return "/";
    }

    @Override
    public void filter(RequestContext ctx, FilterChain chain) throws Exception {
        Exchange exchange = new Exchange(ctx, applicationPathOf(ctx.request().rawPath()));
        Exchange previous = Exchange.enter(exchange);
        try {
            for (ContainerRequestFilter filter : filters) {
                filter.filter(exchange.filterContext(responder.entities()));
                if (exchange.aborted() != null) {
                    responder.respond(exchange, new ResponseState(exchange.aborted(), null, null), List.of());
                    return;
                }
            }
        } catch (Exception e) {
            responder.fail(exchange, e);
            return;
        } finally {
            Exchange.leave(previous);
        }
        ctx.attributes().put(EXCHANGE, exchange);
        chain.proceed(ctx);
    }
}
