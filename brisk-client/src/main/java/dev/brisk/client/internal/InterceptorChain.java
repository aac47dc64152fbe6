package dev.brisk.client.internal;

import dev.brisk.client.HttpRequest;
import dev.brisk.client.HttpResponse;
import dev.brisk.client.Interceptor;

import java.util.List;
import java.util.Objects;
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
        Objects.requireNonNull(next, "request");
        if (index + 1 < interceptors.size()) {
            return new InterceptorChain(runtime, interceptors, index + 1, next, caller).run();
        }
        ResponseFuture sent = new ResponseFuture(caller.streamed()); // cancelling it aborts this request
        runtime.start(next, sent, caller);
        return sent;
    }
}
