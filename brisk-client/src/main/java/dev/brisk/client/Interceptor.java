package dev.brisk.client;

import java.util.concurrent.CompletionStage;

/**
 * Wraps every call of a client: inspect or change the request, call {@link Chain#proceed(HttpRequest)}, then inspect
 * or replace the response. Interceptors run in ascending {@link #order()}, those added on the builder before those
 * found through {@link java.util.ServiceLoader} at equal order. One interceptor sees a call once, whatever the
 * redirects and retries below it.
 *
 * <pre>{@code
 * Interceptor auth = chain -> chain.proceed(chain.request().withHeader("Authorization", token()));
 * }</pre>
 */
@FunctionalInterface
public interface Interceptor {

    /** Handles one call; must return the stage of {@code chain.proceed(...)} or a replacement. */
    CompletionStage<HttpResponse> intercept(Chain chain);

    /** Position in the chain, lower first; default 0. */
    default int order() {
        return 0;
    }

    /** The rest of the chain, then the network. */
    interface Chain {

        /** The request as it reached this interceptor. */
        HttpRequest request();

        /** Passes {@code request} on to the next interceptor, or sends it when this is the last. */
        CompletionStage<HttpResponse> proceed(HttpRequest request);
    }
}
