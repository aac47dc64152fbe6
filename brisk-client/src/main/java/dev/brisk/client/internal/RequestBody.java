package dev.brisk.client.internal;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.DefaultFileRegion;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.EmptyHttpHeaders;
import io.netty.handler.codec.http.HttpChunkedInput;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.stream.ChunkedStream;

import java.io.InputStream;
import java.nio.file.Path;

/**
 * A request body ready to send: nothing, a buffer (replayed for retries and redirects as retained duplicates), a file
 * (sent zero-copy, reopened per attempt) or a stream (sent chunked, once). Owned by one call, released when it ends.
 */
abstract class RequestBody {

    static final RequestBody EMPTY = new Empty();

    /** The length, or -1 when sent chunked. */
    abstract long length();

    /** Whether the body can be sent again (retry, 307/308 redirect). */
    abstract boolean replayable();

    /** Whether sending needs a chunked writer in the pipeline. */
    boolean chunked() {
        return false;
    }

    /** Writes head and body; the returned future completes when the last byte is written. */
    abstract ChannelFuture write(Channel channel, HttpMethod method, String target, HttpHeaders headers);

    /** Frees what the body holds. Idempotent. */
    void release() {
    }

    static RequestBody of(ByteBuf buffer) {
        return new Buffer(buffer);
    }

    static RequestBody of(Path file, long length) {
        return new FileBody(file, length);
    }

    static RequestBody of(InputStream stream) {
        return new StreamBody(stream);
    }

    private static final class Empty extends RequestBody {
        @Override
        long length() {
            return 0;
        }

        @Override
        boolean replayable() {
            return true;
        }

        @Override
        ChannelFuture write(Channel channel, HttpMethod method, String target, HttpHeaders headers) {
            return channel.writeAndFlush(new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, method, target,
                    Unpooled.EMPTY_BUFFER, headers, EmptyHttpHeaders.INSTANCE));
        }
    }

    private static final class Buffer extends RequestBody {
        private ByteBuf buffer;

        Buffer(ByteBuf buffer) {
            this.buffer = buffer;
        }

        @Override
        long length() {
            return buffer.readableBytes();
        }

        @Override
        boolean replayable() {
            return true;
        }

        @Override
        ChannelFuture write(Channel channel, HttpMethod method, String target, HttpHeaders headers) {
            return channel.writeAndFlush(new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, method, target,
                    buffer.retainedDuplicate(), headers, EmptyHttpHeaders.INSTANCE));
        }

        @Override
        void release() {
            ByteBuf b = buffer;
            if (b != null) {
                buffer = Unpooled.EMPTY_BUFFER;
                b.release();
            }
        }
    }

    private static final class FileBody extends RequestBody {
        private final Path file;
        private final long length;

        FileBody(Path file, long length) {
            this.file = file;
            this.length = length;
        }

        @Override
        long length() {
            return length;
        }

        @Override
        boolean replayable() {
            return true;
        }

        @Override
        ChannelFuture write(Channel channel, HttpMethod method, String target, HttpHeaders headers) {
            channel.write(new DefaultHttpRequest(HttpVersion.HTTP_1_1, method, target, headers),
                    channel.voidPromise());
            if (length > 0) {
                channel.write(new DefaultFileRegion(file.toFile(), 0, length), channel.voidPromise());
            }
            return channel.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT);
        }
    }

    private static final class StreamBody extends RequestBody {
        private final InputStream stream;
        private boolean sent;

        StreamBody(InputStream stream) {
            this.stream = stream;
        }

        @Override
        long length() {
            return -1;
        }

        @Override
        boolean replayable() {
            return !sent;
        }

        @Override
        boolean chunked() {
            return true;
        }

        @Override
        ChannelFuture write(Channel channel, HttpMethod method, String target, HttpHeaders headers) {
            sent = true;
            channel.write(new DefaultHttpRequest(HttpVersion.HTTP_1_1, method, target, headers),
                    channel.voidPromise());
            return channel.writeAndFlush(new HttpChunkedInput(new ChunkedStream(stream, 16 * 1024)));
        }

        @Override
        void release() {
            try {
                stream.close();
            } catch (java.io.IOException ignored) {
                // nothing useful to do
            }
        }
    }
}
