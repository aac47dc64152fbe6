package dev.brisk.client.internal;

import dev.brisk.client.HttpRequest;
import dev.brisk.client.HttpResponse;
import dev.brisk.client.Interceptor;

import java.util.List;
import java.util.Objects;
import java.util.function.BiConsumer;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/** One position in the interceptor chain; the last position sends the request. */
final class InterceptorChain implements Interceptor.Chain {

    private final ClientRuntime runtime;
    private final List<Interceptor> interceptors;
    private final int index;
    private final HttpRequest request;
    private final ResponseFuture caller;

    InterceptorChain(ClientRuntime runtime, List<Interceptor> interceptors, int index, HttpRequest request,
                     ResponseFuture caller) {
        this.runtime = runtime;
        this.interceptors = interceptors;
        this.index = index;
        this.request = request;
        this.caller = caller;
    }

    /** Runs interceptor {@code index} with this chain position. */
    CompletionStage<HttpResponse> run() {
        Interceptor interceptor = interceptors.get(index);
        try {
            CompletionStage<HttpResponse> stage = interceptor.intercept(this);
            if (stage == null) {
                // the message is built only here: naming the interceptor costs a string per call
                throw new NullPointerException("interceptor returned null: " + interceptor);
            }
            return stage;
        } catch (Throwable t) {
            return CompletableFuture.failedFuture(t);
        }
    }

    @Override
    public HttpRequest request() {
        return request;
    }

    @Override
    public CompletionStage<HttpResponse> proceed(HttpRequest next) {
        return proceed(next, null);
    }

    @Override
    public CompletionStage<HttpResponse> proceed(HttpRequest next,
                                                 BiConsumer<? super HttpResponse, ? super Throwable> listener) {
        Objects.requireNonNull(next, "request");
        if (index + 1 < interceptors.size()) {
            CompletionStage<HttpResponse> stage = new InterceptorChain(runtime, interceptors, index + 1, next, caller)
                    .run();
            if (listener != null) {
                stage.whenComplete(listener);
            }
            return stage;
        }
        // cancelling it aborts this request; it tells the listener itself, without a dependent stage
        ResponseFuture sent = new ResponseFuture(caller.streamed(), listener);
        runtime.start(next, sent, caller);
        return sent;
    }
}
