package dev.brisk.rest.servlet.internal;

import dev.brisk.rest.Filter;
import dev.brisk.rest.FilterChain;
import dev.brisk.rest.RequestContext;
import dev.brisk.rest.RunOn;
import dev.brisk.rest.Schedulers;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs the servlet context's filters around the rest of the request, on the worker pool: the end of their chain goes
 * on into routing and the handler, on the same thread when the handler is on the worker pool too. What the handler
 * sends waits until the filters have returned, so headers they set afterwards go out with it. When the filters
 * answer themselves (no call to the chain, an error, a redirect, a body written, or only a status for a handler
 * failure they caught), that answer is sent.
 */
@RunOn(Schedulers.WORKER)
public final class ServletFilters implements Filter {

    private final ServletContextFacade servletContext;
    private final List<FilterMapping> all;
    /** The filters of every request when all of them apply to every path (the common case), else null. */
    private final List<jakarta.servlet.Filter> everywhere;

    public ServletFilters(ServletContextFacade servletContext) {
        this.servletContext = servletContext;
        this.all = servletContext.requestFilters();
        this.everywhere = all.stream().allMatch(FilterMapping::appliesToAll)
                ? all.stream().map(FilterMapping::filter).toList()
                : null;
    }

    @Override
    public void filter(RequestContext ctx, FilterChain chain) throws Exception {
        ServletExchange.serve(ctx, servletContext);
        List<jakarta.servlet.Filter> applying = applying(ctx);
        if (applying.isEmpty()) {
            chain.proceed(ctx);
            return;
        }
        ServletExchange exchange = ServletExchange.of(ctx);
        HeldResponse held = new HeldResponse(ctx.response());
        ctx.replaceResponse(held);
        boolean[] proceeded = {false};
        boolean[] failed = {false};
        try {
            new Chain(applying, (request, response) -> {
                exchange.dispatched(request, response);
                proceeded[0] = true;
                exchange.enterChainEnd();
                Throwable failure;
                try {
                    chain.proceed(ctx);
                } catch (IOException | ServletException | RuntimeException e) {
                    throw e;
                } catch (Exception e) {
                    throw new ServletException(e);
                } finally {
                    failure = exchange.leaveChainEnd();
                }
                failed[0] = failure != null;
                rethrow(failure);
            }).doFilter(exchange.request(), exchange.response());
        } catch (Throwable t) {
            held.release();
            throw t;
        }
        boolean handlerAnswered = held.isCommitted();
        held.release();
        // a failure thrown to the filters that they caught (an access denied turned into 403 and a challenge header)
        // left the handler's answer to them, whatever they wrote
        if (!handlerAnswered && (exchange.answered() || !proceeded[0] || failed[0])) {
            exchange.sendAnswer();
        }
    }

    /** Throws what a handler left unanswered to the filters, as a servlet container's dispatch fails. */
    private static void rethrow(Throwable failure) throws IOException, ServletException {
        if (failure == null) {
            return;
        }
        if (failure instanceof IOException io) {
            throw io;
        }
        if (failure instanceof ServletException servlet) {
            throw servlet;
        }
        if (failure instanceof RuntimeException runtime) {
            throw runtime;
        }
        if (failure instanceof Error error) {
            throw error;
        }
        throw new ServletException(failure);
    }

    private List<jakarta.servlet.Filter> applying(RequestContext ctx) {
        if (everywhere != null) {
            return everywhere;
        }
        List<jakarta.servlet.Filter> filters = new ArrayList<>(all.size());
        String path = ServletPaths.withinContext(ctx.request().path(), servletContext.getContextPath());
        for (FilterMapping mapping : all) {
            if (mapping.applies(path)) {
                filters.add(mapping.filter());
            }
        }
        return filters;
    }

    /** The end of a servlet filter chain. */
    @FunctionalInterface
    interface End {
        void proceed(ServletRequest request, ServletResponse response) throws IOException, ServletException;
    }

    /** A servlet {@link jakarta.servlet.FilterChain} over a list of filters. */
    private static final class Chain implements jakarta.servlet.FilterChain {

        private final List<jakarta.servlet.Filter> filters;
        private final End end;
        private int next;

        Chain(List<jakarta.servlet.Filter> filters, End end) {
            this.filters = filters;
            this.end = end;
        }

        @Override
        public void doFilter(ServletRequest request, ServletResponse response) throws IOException, ServletException {
            if (next < filters.size()) {
                filters.get(next++).doFilter(request, response, this);
            } else {
                end.proceed(request, response);
            }
        }
    }
}
