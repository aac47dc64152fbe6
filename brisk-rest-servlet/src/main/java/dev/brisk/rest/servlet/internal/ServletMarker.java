package dev.brisk.rest.servlet.internal;

import dev.brisk.rest.Filter;
import dev.brisk.rest.FilterChain;
import dev.brisk.rest.RequestContext;

/**
 * What a server with the servlet API but no servlet filters runs before routing: it marks the request so that a
 * handler may take servlet views of it, and moves it nowhere (handlers keep their schedulers).
 */
public final class ServletMarker implements Filter {

    private final ServletContextFacade servletContext;

    public ServletMarker(ServletContextFacade servletContext) {
        this.servletContext = servletContext;
    }

    @Override
    public void filter(RequestContext ctx, FilterChain chain) throws Exception {
        ServletExchange.serve(ctx, servletContext);
        chain.proceed(ctx);
    }
}
