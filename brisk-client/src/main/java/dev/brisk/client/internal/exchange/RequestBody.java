package dev.brisk.client.internal.exchange;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.DefaultFileRegion;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.EmptyHttpHeaders;
import io.netty.handler.codec.http.HttpChunkedInput;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.stream.ChunkedNioFile;
import io.netty.handler.stream.ChunkedStream;

import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * A request body ready to send: nothing, a buffer (replayed for retries and redirects as retained duplicates), a file
 * (sent zero-copy on plain HTTP/1.1, in pieces under TLS and HTTP/2, reopened per attempt) or a stream (sent chunked,
 * once). Owned by one call, released when it ends.
 */
public abstract class RequestBody {

    public static final RequestBody EMPTY = new Empty();

    /** The length, or -1 when sent chunked. */
    public abstract long length();

    /** Whether the body can be sent again (retry, 307/308 redirect). */
    public abstract boolean replayable();

    /**
     * Whether sending needs a chunked writer in the pipeline; {@code zeroCopy} says whether the channel takes a
     * {@link io.netty.channel.FileRegion} (plain TCP and HTTP/1.1 only).
     */
    public boolean chunked(boolean zeroCopy) {
        return false;
    }

    /** Writes head and body; the returned future completes when the last byte is written. */
    public ChannelFuture write(Channel channel, HttpMethod method, String target, HttpHeaders headers,
                               boolean zeroCopy) {
        channel.write(new DefaultHttpRequest(HttpVersion.HTTP_1_1, method, target, headers), channel.voidPromise());
        return writeBody(channel, zeroCopy);
    }

    /** Writes the head only and flushes it (for {@code Expect: 100-continue}). */
    public void writeHead(Channel channel, HttpMethod method, String target, HttpHeaders headers) {
        channel.writeAndFlush(new DefaultHttpRequest(HttpVersion.HTTP_1_1, method, target, headers),
                channel.voidPromise());
    }

    /** Writes the body after its head, ending the request; completes when the last byte is written. */
    public abstract ChannelFuture writeBody(Channel channel, boolean zeroCopy);

    /** Frees what the body holds. Idempotent. */
    public void release() {
    }

    /** The bytes of a body held in memory (not retained, indexes untouched), or {@code null} for other bodies. */
    public ByteBuf content() {
        return null;
    }

    public static RequestBody of(ByteBuf buffer) {
        return new Buffer(buffer);
    }

    public static RequestBody of(Path file, long length) {
        return new FileBody(file, length);
    }

    public static RequestBody of(InputStream stream) {
        return new StreamBody(stream);
    }

    private static final class Empty extends RequestBody {
        @Override
        public long length() {
            return 0;
        }

        @Override
        public boolean replayable() {
            return true;
        }

        @Override
        public ChannelFuture write(Channel channel, HttpMethod method, String target, HttpHeaders headers,
                                   boolean zeroCopy) {
            return channel.writeAndFlush(new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, method, target,
                    Unpooled.EMPTY_BUFFER, headers, EmptyHttpHeaders.INSTANCE));
        }

        @Override
        public ChannelFuture writeBody(Channel channel, boolean zeroCopy) {
            return channel.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT);
        }
    }

    private static final class Buffer extends RequestBody {
        private ByteBuf buffer;

        Buffer(ByteBuf buffer) {
            this.buffer = buffer;
        }

        @Override
        public long length() {
            return buffer.readableBytes();
        }

        @Override
        public boolean replayable() {
            return true;
        }

        @Override
        public ChannelFuture write(Channel channel, HttpMethod method, String target, HttpHeaders headers,
                                   boolean zeroCopy) {
            return channel.writeAndFlush(new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, method, target,
                    buffer.retainedDuplicate(), headers, EmptyHttpHeaders.INSTANCE));
        }

        @Override
        public ChannelFuture writeBody(Channel channel, boolean zeroCopy) {
            return channel.writeAndFlush(new DefaultLastHttpContent(buffer.retainedDuplicate()));
        }

        @Override
        public ByteBuf content() {
            return buffer;
        }

        @Override
        public void release() {
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
        public long length() {
            return length;
        }

        @Override
        public boolean replayable() {
            return true;
        }

        @Override
        public boolean chunked(boolean zeroCopy) {
            return !zeroCopy && length > 0;
        }

        @Override
        public ChannelFuture writeBody(Channel channel, boolean zeroCopy) {
            if (length == 0) {
                return channel.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT);
            }
            if (!zeroCopy) {
                // TLS and HTTP/2 cannot take a FileRegion: read the file in pieces instead
                try {
                    return channel.writeAndFlush(new HttpChunkedInput(new ChunkedNioFile(FileChannel.open(file), 0,
                            length, 16 * 1024)));
                } catch (IOException e) {
                    return channel.newFailedFuture(e);
                }
            }
            channel.write(new DefaultFileRegion(file.toFile(), 0, length), channel.voidPromise());
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
        public long length() {
            return -1;
        }

        @Override
        public boolean replayable() {
            return !sent;
        }

        @Override
        public boolean chunked(boolean zeroCopy) {
            return true;
        }

        @Override
        public ChannelFuture writeBody(Channel channel, boolean zeroCopy) {
            sent = true;
            return channel.writeAndFlush(new HttpChunkedInput(new ChunkedStream(stream, 16 * 1024)));
        }

        @Override
        public void release() {
            try {
                stream.close();
            } catch (IOException ignored) {
                // nothing useful to do
            }
        }
    }
}
