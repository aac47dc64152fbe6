package dev.brisk.rest.jaxrs.internal;

import dev.brisk.rest.Filter;
import dev.brisk.rest.FilterChain;
import dev.brisk.rest.RequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseFilter;

import java.util.List;

/**
 * Runs {@code @PreMatching} request filters before Brisk routes the request, so that they may change its method or
 * URI or abort it. The exchange they saw is kept for the resource method.
 */
public final class PreMatchingFilters implements Filter {

    static final String EXCHANGE = PreMatchingFilters.class.getName() + ".exchange";

    private final List<ContainerRequestFilter> filters;
    private final List<ContainerResponseFilter> responseFilters;
    private final EntityIO entities;

    PreMatchingFilters(Providers providers, EntityIO entities) {
        this.filters = providers.preMatchingFilters();
        this.responseFilters = providers.responseFilters(java.util.Set.of());
        this.entities = entities;
    }

    @Override
    public void filter(RequestContext ctx, FilterChain chain) throws Exception {
        Exchange exchange = new Exchange(ctx, "/");
        Exchange previous = Exchange.enter(exchange);
        try {
            for (ContainerRequestFilter filter : filters) {
                filter.filter(exchange);
                if (exchange.aborted() != null) {
                    ResponseState state = new ResponseState(exchange.aborted(), null, null);
                    for (ContainerResponseFilter responseFilter : responseFilters) {
                        responseFilter.filter(exchange, state);
                    }
                    entities.write(exchange, state, List.of(), new EntityIO.Bound(List.of(), List.of()));
                    return;
                }
            }
        } finally {
            Exchange.leave(previous);
        }
        ctx.attributes().put(EXCHANGE, exchange);
        chain.proceed(ctx);
    }
}
