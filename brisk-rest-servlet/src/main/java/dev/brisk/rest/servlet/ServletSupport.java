package dev.brisk.rest.servlet;

import dev.brisk.rest.RequestContext;
import dev.brisk.rest.feature.Feature;
import dev.brisk.rest.feature.FeatureContext;
import dev.brisk.rest.servlet.internal.ServletContextFacade;
import dev.brisk.rest.servlet.internal.ServletExchange;
import dev.brisk.rest.servlet.internal.ServletFilters;
import dev.brisk.rest.servlet.internal.ServletMarker;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * The servlet API on a Brisk server, for code written against it: a {@link ServletContext} to which servlet filters
 * and listeners are added, those filters run around the handlers (on the worker pool, the handler on the same thread
 * within their chain), and {@link HttpServletRequest}/{@link HttpServletResponse} views of each request with sessions
 * held in memory or in a {@link SessionStore} shared by several servers. A server that does not install it pays
 * nothing for it.
 * <pre>{@code
 * ServletSupport servlet = ServletSupport.builder().contextPath("/shop").build();
 * servlet.servletContext().addFilter("audit", new AuditFilter()).addMappingForUrlPatterns(null, false, "/*");
 * Brisk.server().options(o -> o.contextPath("/shop")).feature(servlet).controllers(new ShopController()).start();
 * }</pre>
 * What a servlet container does that Brisk does not: asynchronous servlet processing, request dispatching (forward,
 * include, error pages: {@code sendError} answers an RFC 9457 problem), servlets (recorded, not served: Brisk serves
 * the handlers), JSPs, container authentication, URL-encoded session ids.
 */
public final class ServletSupport implements Feature {

    private final ServletContextFacade servletContext;

    private ServletSupport(Builder builder) {
        this.servletContext = new ServletContextFacade(builder.contextPath, builder.classLoader,
                Math.toIntExact(builder.sessionTimeout.toSeconds()), builder.sessionStore, builder.maxSessions);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The servlet context, to add filters and listeners to before the server starts. */
    public ServletContext servletContext() {
        return servletContext;
    }

    /**
     * Adds the servlet filters ahead of the server's own filters, as a servlet container runs them before anything of
     * the application; initializes the filters and tells the context listeners now, before the server takes requests.
     *
     * @throws IllegalStateException when a filter or listener fails to start
     */
    @Override
    public void install(FeatureContext context) {
        try {
            servletContext.start();
        } catch (ServletException e) {
            throw new IllegalStateException("a servlet filter or listener failed to start: " + e.getMessage(), e);
        }
        // without servlet filters nothing needs the worker pool before routing: the request is only marked
        context.outerFilter(servletContext.requestFilters().isEmpty() ? new ServletMarker(servletContext)
                : new ServletFilters(servletContext));
        context.onStop(server -> servletContext.stop());
    }

    /**
     * The servlet request of {@code ctx}: the one the servlet filters passed on (with their wrappers), else a view of
     * the request.
     *
     * @throws IllegalStateException when the server has no {@code ServletSupport}
     */
    public static HttpServletRequest request(RequestContext ctx) {
        return ServletExchange.of(ctx).request();
    }

    /** The servlet response of {@code ctx}; see {@link #request}. */
    public static HttpServletResponse response(RequestContext ctx) {
        return ServletExchange.of(ctx).response();
    }

    /**
     * The Brisk request behind a servlet request of a server with {@code ServletSupport}, through any wrappers
     * (which pass attributes on); empty for a servlet request from elsewhere.
     */
    public static Optional<RequestContext> requestContext(ServletRequest request) {
        return ServletExchange.of(request).map(ServletExchange::context);
    }

    /** Whether {@code ctx} is served by a server with {@code ServletSupport}, so that {@link #request} works. */
    public static boolean isInstalled(RequestContext ctx) {
        return ServletExchange.isServed(ctx);
    }

    /**
     * For a framework whose handler failed with {@code error} that nothing of its own answers: when the handler runs
     * within the servlet filters' chain on this thread, keeps the error to be thrown from their
     * {@code chain.doFilter}, as a servlet container's dispatch fails (so that, say, Spring Security's exception
     * translation turns an access denied into 403), and returns true: the handler must then not answer. Returns
     * false otherwise.
     */
    public static boolean propagateToFilters(RequestContext ctx, Throwable error) {
        return ServletExchange.propagate(ctx, error);
    }

    /**
     * Sends what a handler wrote to its servlet response (status, headers, the body written; an error as a problem), for
     * handlers that answer through it rather than with a result.
     */
    public static void sendAnswer(RequestContext ctx) {
        ServletExchange.of(ctx).sendAnswer();
    }

    /** Builds a {@link ServletSupport}. */
    public static final class Builder {

        private String contextPath = "";
        private ClassLoader classLoader = Thread.currentThread().getContextClassLoader();
        private Duration sessionTimeout = Duration.ofMinutes(30);
        private int maxSessions = 10_000;
        private SessionStore sessionStore;

        private Builder() {
        }

        /** The context path the servlet API reports; the server's own ({@code BriskOptions.contextPath}). */
        public Builder contextPath(String contextPath) {
            Objects.requireNonNull(contextPath, "contextPath");
            if (!contextPath.isEmpty() && (!contextPath.startsWith("/") || contextPath.endsWith("/"))) {
                throw new IllegalArgumentException("contextPath must be empty or start, and not end, with '/': "
                        + contextPath);
            }
            this.contextPath = contextPath;
            return this;
        }

        /** The class loader of the application, for filters and listeners added by class name. */
        public Builder classLoader(ClassLoader classLoader) {
            this.classLoader = Objects.requireNonNull(classLoader, "classLoader");
            return this;
        }

        /** How long a session lives without requests; default 30 minutes; zero or less: until invalidated. */
        public Builder sessionTimeout(Duration sessionTimeout) {
            this.sessionTimeout = Objects.requireNonNull(sessionTimeout, "sessionTimeout");
            return this;
        }

        /**
         * Sessions held in memory at once; beyond, a new one is refused (503) until others expire. Default 10,000.
         * Not used with a {@link #sessionStore}.
         */
        public Builder maxSessions(int maxSessions) {
            if (maxSessions <= 0) {
                throw new IllegalArgumentException("maxSessions must be positive: " + maxSessions);
            }
            this.maxSessions = maxSessions;
            return this;
        }

        /** Where sessions live instead of the server's memory, for instance a store several servers share. */
        public Builder sessionStore(SessionStore sessionStore) {
            this.sessionStore = Objects.requireNonNull(sessionStore, "sessionStore");
            return this;
        }

        public ServletSupport build() {
            return new ServletSupport(this);
        }
    }
}
