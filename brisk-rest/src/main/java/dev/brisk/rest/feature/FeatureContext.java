package dev.brisk.rest.feature;

import dev.brisk.http.HttpServer;
import dev.brisk.rest.BriskOptions;
import dev.brisk.rest.BriskServer;
import dev.brisk.rest.ExceptionHandler;
import dev.brisk.rest.Filter;
import dev.brisk.rest.HandlerInterceptor;
import dev.brisk.rest.InterceptorRegistration;
import dev.brisk.rest.Route;
import dev.brisk.rest.observe.RequestObserver;

import java.util.function.Consumer;

/** What a {@link Feature} may add to the server being built; each addition keeps the order of the calls. */
public interface FeatureContext {

    /** The framework options the server is built with (context path, schedulers...). */
    BriskOptions options();

    /** Adds a route. */
    FeatureContext route(Route route);

    /** Adds a filter that runs before routing. */
    FeatureContext filter(Filter filter);

    /**
     * Adds a filter that runs before routing and before the filters added with {@code filter(...)} (by the server's
     * builder or by features), in the order such outer filters are added: for what must see every request first, as
     * servlet filters run before anything of the application does.
     */
    FeatureContext outerFilter(Filter filter);

    /** Adds a filter that runs after routing, before the handler. */
    FeatureContext routeFilter(Filter filter);

    /** Adds an interceptor around handlers (see {@code BriskServer.Builder#interceptor}). */
    FeatureContext interceptor(HandlerInterceptor interceptor);

    /** Adds an interceptor limited by include and exclude path patterns. */
    FeatureContext interceptor(InterceptorRegistration registration);

    /** Handles exceptions of {@code type} (and subtypes not handled more specifically). */
    <T extends Throwable> FeatureContext exceptionHandler(Class<T> type, ExceptionHandler<? super T> handler);

    /** Tells {@code observer} about every completed request, and when the server starts and stops. */
    FeatureContext observer(RequestObserver observer);

    /** Tunes the HTTP server (compression, limits...). */
    FeatureContext http(Consumer<HttpServer.Builder> configure);

    /**
     * Runs {@code listener} once the server has bound its port, on the starting thread, after the observers were
     * told: the place to read the final {@link BriskServer#routes() routes}. When it throws, the server is closed and
     * {@code start()} throws that exception.
     */
    FeatureContext onStart(Consumer<? super BriskServer> listener);

    /** Runs {@code listener} when the server has closed, after the observers were told; failures are logged. */
    FeatureContext onStop(Consumer<? super BriskServer> listener);
}
