package dev.brisk.client.internal.http3;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.handler.stream.ChunkedInput;
import io.netty.util.concurrent.Future;

/**
 * Writes a request body given as a {@link ChunkedInput} (a stream or a file) to an HTTP/3 request stream, keeping at
 * most {@link #IN_FLIGHT} chunks written but not yet taken by the QUIC stream: the body moves at the pace of the
 * server's flow-control window with a bounded amount in memory. (Netty's chunked writer paces by the channel's
 * writability, which a QUIC stream does not always report back.) Completes the write's promise when the last chunk
 * is written. Not API.
 */
final class ChunkPump extends ChannelOutboundHandlerAdapter {

    static final String NAME = "chunk-pump";
    /** Chunks (16 KiB each for the client's bodies) on their way at once. */
    private static final int IN_FLIGHT = 4;

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (msg instanceof ChunkedInput<?> input) {
            new Transfer(ctx, input, promise).pump();
        } else {
            ctx.write(msg, promise);
        }
    }

    /** One body on its way. Runs on the stream's event loop. */
    private static final class Transfer {
        private final ChannelHandlerContext ctx;
        private final ChunkedInput<?> input;
        private final ChannelPromise promise;
        private int inFlight;
        private boolean ended;

        Transfer(ChannelHandlerContext ctx, ChunkedInput<?> input, ChannelPromise promise) {
            this.ctx = ctx;
            this.input = input;
            this.promise = promise;
        }

        void pump() {
            boolean wrote = false;
            while (!ended && inFlight < IN_FLIGHT && !promise.isDone()) {
                Object chunk;
                try {
                    chunk = input.readChunk(ctx.alloc());
                    ended = input.isEndOfInput();
                } catch (Exception e) {
                    fail(e);
                    return;
                }
                if (chunk == null) {
                    if (!ended) {
                        ctx.executor().execute(this::pump); // nothing available without blocking: come back
                        break;
                    }
                    break;
                }
                inFlight++;
                wrote = true;
                ctx.write(chunk).addListener(this::written);
            }
            if (wrote) {
                ctx.flush();
            }
            finishIfDone();
        }

        private void written(Future<? super Void> future) {
            inFlight--;
            if (!future.isSuccess()) {
                fail(future.cause());
                return;
            }
            if (ended) {
                finishIfDone();
            } else {
                pump();
            }
        }

        private void finishIfDone() {
            if (ended && inFlight == 0 && !promise.isDone()) {
                close();
                promise.trySuccess();
            }
        }

        private void fail(Throwable cause) {
            ended = true;
            close();
            promise.tryFailure(cause);
        }

        private void close() {
            try {
                input.close();
            } catch (Exception e) {
                // the body is over either way; a failing close changes nothing for the request
            }
        }
    }
}
