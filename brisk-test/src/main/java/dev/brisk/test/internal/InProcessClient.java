package dev.brisk.test.internal;

import dev.brisk.http.BodyMode;
import dev.brisk.http.HttpHandler;
import dev.brisk.test.TestClient;
import dev.brisk.test.TestRequest;
import dev.brisk.test.TestResponse;
import io.netty.handler.codec.http.HttpMethod;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** A {@link TestClient} that hands requests straight to a handler: same pipeline, no socket. */
public final class InProcessClient implements TestClient {

    private final HttpHandler handler;

    public InProcessClient(HttpHandler handler) {
        this.handler = handler;
    }

    @Override
    public TestRequest request(HttpMethod method, String path) {
        return new TestRequest(method.name(), path, this::send);
    }

    private TestResponse send(TestRequest request) {
        InProcessRequest exchange = new InProcessRequest(request);
        try {
            BodyMode mode = handler.bodyMode(exchange);
            if (mode == BodyMode.STREAM) {
                exchange.streamBody();
            }
            handler.handle(exchange);
            return exchange.responseObject().await(request.timeout().toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            throw new AssertionError("no response to " + request.method() + " " + request.path() + " within "
                    + request.timeout());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } finally {
            exchange.release();
        }
    }
}
