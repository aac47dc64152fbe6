package dev.brisk.client;

import java.util.concurrent.CompletionStage;
import java.util.function.BiConsumer;

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

    /**
     * Marks a {@link java.util.concurrent.CompletableFuture} that an interceptor made for one call's caller alone:
     * when {@link #intercept} returns one, the client hands it to the caller as the call's future, instead of a
     * future of its own that follows it (one completion less per call). Cancelling it is then the caller's
     * cancellation: the interceptor decides what it does, and should cancel the stage {@link Chain#proceed} gave it
     * when nothing else waits for that call (cancelling that stage aborts the request). Never return one future to
     * two calls.
     */
    interface CallerFuture {
    }

    /** The rest of the chain, then the network. */
    interface Chain {

        /** The request as it reached this interceptor. */
        HttpRequest request();

        /**
         * Passes {@code request} on to the next interceptor, or sends it when this is the last; cancelling the stage
         * that sending returns aborts the request.
         */
        CompletionStage<HttpResponse> proceed(HttpRequest request);

        /**
         * Like {@link #proceed(HttpRequest)}, and tells {@code listener} the outcome once, on the thread that ends
         * the call (a cancellation of the returned stage included): what registering it with {@code whenComplete}
         * does, without the dependent stage that makes, for an interceptor that acts on every response. The
         * listener may be told before or after the stage's own dependents run, and must not throw.
         */
        default CompletionStage<HttpResponse> proceed(HttpRequest request,
                                                      BiConsumer<? super HttpResponse, ? super Throwable> listener) {
            CompletionStage<HttpResponse> stage = proceed(request);
            stage.whenComplete(listener);
            return stage;
        }
    }
}
