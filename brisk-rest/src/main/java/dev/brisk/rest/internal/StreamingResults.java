package dev.brisk.rest.internal;

import dev.brisk.http.ServerResponse;
import dev.brisk.rest.StreamingBody;
import dev.brisk.rest.internal.stream.ClientGoneException;
import dev.brisk.rest.internal.stream.ResponseOutputStream;
import io.netty.util.internal.ThreadExecutorMap;

/**
 * Sends {@link StreamingBody} results: on the calling thread when it may block, else on the {@code worker} pool, never
 * on an event loop. A failure before the head was sent is answered as any failure; after it, the response is aborted.
 */
final class StreamingResults {

    private static final System.Logger LOG = System.getLogger("dev.brisk.rest");

    private final RequestServices services;

    StreamingResults(RequestServices services) {
        this.services = services;
    }

    void send(DefaultRequestContext ctx, StreamingBody body) {
        ctx.async();
        long length = body.contentLength();
        ServerResponse response = ctx.response();
        if (length >= 0 && !response.headers().contains("content-length")) {
            response.header("content-length", Long.toString(length));
        }
        if (ThreadExecutorMap.currentExecutor() != null) {
            // an event loop must not wait for the client: the body is written from a worker
            services.blockingScheduler().dispatch(ctx, () -> write(ctx, body));
        } else {
            write(ctx, body);
        }
    }

    private void write(DefaultRequestContext ctx, StreamingBody body) {
        ResponseOutputStream out = new ResponseOutputStream(ctx.response(), ctx.request().allocator());
        try {
            body.writeTo(out);
            out.close();
        } catch (ClientGoneException gone) {
            out.discard();
            LOG.log(System.Logger.Level.DEBUG, () -> "client left during " + ctx.request().method() + " "
                    + ctx.request().uri());
        } catch (Throwable t) {
            out.discard();
            services.fail(ctx, t);
        }
    }
}
