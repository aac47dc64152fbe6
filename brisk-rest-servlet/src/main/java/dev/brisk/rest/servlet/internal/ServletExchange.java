package dev.brisk.rest.servlet.internal;

import dev.brisk.http.ServerResponse;
import dev.brisk.rest.RequestContext;
import dev.brisk.rest.support.Problems;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.util.List;
import java.util.Optional;
/**
 * The servlet views of one request: made on first use and kept in the request's attributes, so filters, handler and
 * exception handlers see the same objects (and the wrappers the filters passed down the chain).
 */
public final class ServletExchange {

    /** The request attribute that holds the exchange. */
    static final String ATTRIBUTE = ServletExchange.class.getName();
    /** The request attribute that names the servlet context of the server. */
    static final String CONTEXT_ATTRIBUTE = ServletContextFacade.class.getName();

    private final RequestContext ctx;
    private final ServletContextFacade servletContext;
    private final RequestFacade request;
    private final ResponseFacade response;
    /** The thread running the rest of the request inside the servlet filters' chain, while it does. */
    private Thread handlerThread;
    /** A handler failure nothing answered, to be thrown from the filters' chain. */
    private Throwable failure;
    private HttpServletRequest dispatchedRequest;
    private HttpServletResponse dispatchedResponse;

    private ServletExchange(RequestContext ctx, ServletContextFacade servletContext) {
        this.ctx = ctx;
        this.servletContext = servletContext;
        this.request = new RequestFacade(ctx, this);
        this.response = new ResponseFacade(this);
    }

    /** The exchange of {@code ctx}, made now if the request has none yet. */
    public static ServletExchange of(RequestContext ctx) {
        Object existing = ctx.attributes().get(ATTRIBUTE);
        if (existing != null) {
            return (ServletExchange) existing;
        }
        Object servletContext = ctx.attributes().get(CONTEXT_ATTRIBUTE);
        if (!(servletContext instanceof ServletContextFacade facade)) {
            throw new IllegalStateException("the servlet API is not set up on this server: install ServletSupport "
                    + "(the Spring Boot starter does when the servlet API is on the class path)");
        }
        ServletExchange exchange = new ServletExchange(ctx, facade);
        ctx.attributes().put(ATTRIBUTE, exchange);
        return exchange;
    }

    /** The exchange a servlet request (or a wrapper of it) belongs to, if it is one of Brisk's. */
    public static Optional<ServletExchange> of(ServletRequest request) {
        return request.getAttribute(ATTRIBUTE) instanceof ServletExchange exchange ? Optional.of(exchange)
                : Optional.empty();
    }

    /** The Brisk request of this exchange. */
    public RequestContext context() {
        return ctx;
    }

    /** Marks {@code ctx} as served by {@code servletContext}, so that {@link #of} can make its exchange. */
    static void serve(RequestContext ctx, ServletContextFacade servletContext) {
        ctx.attributes().put(CONTEXT_ATTRIBUTE, servletContext);
    }

    /** Whether {@code ctx} was marked by {@link #serve}. */
    public static boolean isServed(RequestContext ctx) {
        return ctx.attributes().get(CONTEXT_ATTRIBUTE) != null;
    }

    ServletContextFacade servletContext() {
        return servletContext;
    }

    /** The response the views write to: the request's current one (held while servlet filters run). */
    ServerResponse target() {
        return ctx.response();
    }

    /** The request as the handler should see it: what the last servlet filter passed on, else the plain view. */
    public HttpServletRequest request() {
        return dispatchedRequest != null ? dispatchedRequest : request;
    }

    /** The response as the handler should see it. */
    public HttpServletResponse response() {
        return dispatchedResponse != null ? dispatchedResponse : response;
    }

    /** Records what the filter chain handed to its end, for the handler. */
    void dispatched(ServletRequest request, ServletResponse response) {
        if (request instanceof HttpServletRequest http) {
            dispatchedRequest = http;
        }
        if (response instanceof HttpServletResponse http) {
            dispatchedResponse = http;
        }
    }

    /** Marks the start of the rest of the request within the filters' chain, on this thread. */
    void enterChainEnd() {
        handlerThread = Thread.currentThread();
    }

    /** Marks its end; returns the failure to throw from the chain, if a handler left one. */
    Throwable leaveChainEnd() {
        handlerThread = null;
        Throwable left = failure;
        failure = null;
        return left;
    }

    /**
     * Keeps {@code error} to be thrown from the servlet filters' chain when the handler runs within it on this thread,
     * and returns true; else returns false.
     */
    public static boolean propagate(RequestContext ctx, Throwable error) {
        Object existing = ctx.attributes().get(ATTRIBUTE);
        if (existing instanceof ServletExchange exchange && exchange.handlerThread == Thread.currentThread()) {
            exchange.failure = error;
            return true;
        }
        return false;
    }

    /**
     * {@code location} as an absolute URL, resolved against the request's (its scheme and {@code Host}); one with a
     * scheme stays as it is.
     */
    String absolute(String location) {
        int colon = location.indexOf(':');
        int slash = location.indexOf('/');
        if (colon > 0 && (slash < 0 || colon < slash)) {
            return location;
        }
        if (location.startsWith("//")) {
            return request.getScheme() + ":" + location;
        }
        String host = request.getHeader("host");
        String origin = request.getScheme() + "://"
                + (host != null ? host : request.getLocalName() + ":" + request.getLocalPort());
        if (location.startsWith("/")) {
            return origin + location;
        }
        String uri = request.getRequestURI();
        return origin + uri.substring(0, uri.lastIndexOf('/') + 1) + location;
    }

    void sessionCookie(String id) {
        String path = servletContext.getContextPath().isEmpty() ? "/" : servletContext.getContextPath();
        ctx.response().headers().add("set-cookie", servletContext.cookie().header(id, path));
    }

    /**
     * Whether the servlet views answered the request themselves (a body written, an error or a redirect sent). Then
     * {@link #sendAnswer()} sends it.
     */
    public boolean answered() {
        return response.answered();
    }

    /** Sends what the servlet views answered: the error as a problem, else the status, headers and body written. */
    public void sendAnswer() {
        int error = response.errorStatus();
        if (error != 0) {
            ctx.response().headers().set("content-type", "application/problem+json");
            ctx.response().status(error).send(Problems.json(error, response.errorMessage(), request.getRequestURI(),
                    List.of()).toString());
            return;
        }
        byte[] bytes = response.bodyBytes();
        if (bytes.length == 0) {
            ctx.response().send();
        } else {
            ctx.response().send(bytes);
        }
    }

    @Override
    public String toString() {
        return "servlet exchange of " + ctx.request().method() + " " + ctx.request().uri();
    }
}
