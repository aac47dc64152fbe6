package dev.brisk.collapse.rest;

import dev.brisk.collapse.CollapseStats;
import dev.brisk.collapse.HttpCollapseOptions;
import dev.brisk.collapse.SingleFlight;
import dev.brisk.collapse.internal.http.RequestKey;
import dev.brisk.collapse.internal.rest.CollapsedRoute;
import dev.brisk.collapse.internal.rest.Recorded;
import dev.brisk.rest.RequestContext;
import dev.brisk.rest.RouteInfo;
import dev.brisk.rest.RouteInterceptor;
import dev.brisk.rest.feature.Feature;
import dev.brisk.rest.feature.FeatureContext;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Request collapsing for brisk-rest routes: concurrent identical GET (and HEAD) requests of a collapsed route run its
 * handler once, and each caller gets a full copy of the response (status, every header, body, trailers). Add it as a
 * {@link Feature}; it collapses the routes whose method or controller carries {@link Collapse}, and those named with
 * {@link Builder#routes}.
 *
 * <pre>{@code
 * RouteCollapsing collapsing = RouteCollapsing.builder().routes("/quotes/{symbol}").build();
 * Brisk.server().feature(collapsing).get("/quotes/{symbol}", quotes::latest).controllers(new Prices()).start();
 * }</pre>
 *
 * <p>Requests share a handler run only when their key is equal: method, scheme, {@code Host}, path, the whole query
 * and the key headers of {@link HttpCollapseOptions} ({@code Authorization}, {@code Cookie} and the {@code Accept}
 * headers by default), so one user never receives another's response. It installs an interceptor: filters and the
 * interceptors registered before it (the builder's own, and those of features added earlier) run for every request;
 * the handler and the interceptors after it run once per shared call. Requests with a body are never collapsed.
 *
 * <p>Every caller is answered: a handler failure is answered to all as it would be to one; a caller that waits longer
 * than the single-flight timeout gets {@code 503} with {@code Retry-After}; a response larger than
 * {@code maxResponseSize} becomes a {@code 500} for all. A response that sets a cookie goes only to the request whose
 * handler run produced it; the others get {@code 503} with {@code Retry-After: 0} (and a warning is logged once per
 * route), since a cookie belongs to one client.
 */
public final class RouteCollapsing implements Feature {

    private final HttpCollapseOptions options;
    private final Set<String> routes;
    private final SingleFlight<RequestKey, Recorded> flight;
    private final Map<RouteInfo, CollapsedRoute> collapsed = new ConcurrentHashMap<>();
    /** The listed templates some GET or HEAD route has been offered for. */
    private final Set<String> matched = ConcurrentHashMap.newKeySet();

    private RouteCollapsing(HttpCollapseOptions options, Set<String> routes) {
        this.options = options;
        this.routes = Set.copyOf(routes);
        this.flight = SingleFlight.create(options.singleFlight());
    }

    /** Collapses the routes annotated with {@link Collapse}, with the default options. */
    public static RouteCollapsing create() {
        return builder().build();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The options it runs with. */
    public HttpCollapseOptions options() {
        return options;
    }

    /** How many handler runs served how many requests. */
    public CollapseStats stats() {
        return flight.stats();
    }

    /** Adds the interceptor that collapses the chosen routes' requests. */
    @Override
    public void install(FeatureContext context) {
        context.interceptor(interceptor);
    }

    /** The interceptor: which routes collapse is decided once per route, at startup. */
    private final RouteInterceptor interceptor = new RouteInterceptor() {
        @Override
        public boolean appliesTo(RouteInfo route) {
            return collapses(route);
        }

        @Override
        public boolean preHandle(RequestContext ctx) {
            return handle(ctx);
        }

        @Override
        public String toString() {
            return RouteCollapsing.this.toString();
        }
    };

    private boolean collapses(RouteInfo route) {
        String method = route.method().name();
        if (!"GET".equals(method) && !"HEAD".equals(method)) {
            return false;
        }
        List<String> extraHeaders = CollapsedRoute.annotatedKeyHeaders(route);
        boolean listed = routes.contains(route.path());
        if (listed) {
            matched.add(route.path());
        }
        if (extraHeaders == null && !listed) {
            return false;
        }
        collapsed.put(route, CollapsedRoute.of(route, options, extraHeaders == null ? List.of() : extraHeaders));
        return true;
    }

    /**
     * The templates given to {@link Builder#routes} that no GET or HEAD route of the servers it was registered with has
     * (yet): a misspelt template, or one with another variable name than the route's, collapses nothing. Check it
     * once the server has started; the Spring Boot starter logs a warning for each.
     */
    public Set<String> unmatchedRoutes() {
        Set<String> unmatched = new TreeSet<>(routes);
        unmatched.removeAll(matched);
        return unmatched;
    }

    private boolean handle(RequestContext ctx) {
        CollapsedRoute route = collapsed.get(ctx.route());
        if (route == null || !CollapsedRoute.collapsible(ctx.request())) {
            return true;
        }
        return route.handle(ctx, flight);
    }

    @Override
    public String toString() {
        return "RouteCollapsing[routes=" + routes + ", keyHeaders=" + options.keyHeaders() + "]";
    }

    /** Builds a {@link RouteCollapsing}. */
    public static final class Builder {
        private HttpCollapseOptions options = HttpCollapseOptions.DEFAULT;
        private final Set<String> routes = new LinkedHashSet<>();

        private Builder() {
        }

        /** Key headers, timeout and response size limit; default {@link HttpCollapseOptions#DEFAULT}. */
        public Builder options(HttpCollapseOptions options) {
            this.options = Objects.requireNonNull(options, "options");
            return this;
        }

        /**
         * Collapses the GET routes with these path templates, exactly as registered (e.g. {@code /users/{id}}): the
         * programmatic equivalent of {@link Collapse}.
         */
        public Builder routes(String... pathTemplates) {
            for (String template : new ArrayList<>(List.of(pathTemplates))) {
                routes.add(Objects.requireNonNull(template, "pathTemplate"));
            }
            return this;
        }

        public RouteCollapsing build() {
            return new RouteCollapsing(options, routes);
        }
    }
}
