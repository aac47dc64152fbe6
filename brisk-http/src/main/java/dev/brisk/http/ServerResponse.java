package dev.brisk.http;

import dev.brisk.http.common.WritableHeaders;
import io.netty.buffer.ByteBuf;

import java.nio.file.Path;
import java.util.concurrent.CompletionStage;
import java.util.function.BiConsumer;

/**
 * The response to one request. Either sent at once with a {@code send} method, or streamed with {@link #write} calls
 * followed by {@link #end()}. Methods may be called from any thread; work is moved onto the connection's event loop.
 * Buffers passed in are owned by the response from then on and released by it.
 */
public interface ServerResponse {

    /** Sets the status code (default 200). */
    ServerResponse status(int status);

    /** The status code. */
    int status();

    /** The response header fields, mutable until the head is sent. */
    WritableHeaders headers();

    /** Sets a header field. */
    default ServerResponse header(CharSequence name, CharSequence value) {
        headers().set(name, value);
        return this;
    }

    /** Trailer fields, sent after a streamed body (chunked on HTTP/1.1, a HEADERS frame on HTTP/2). */
    WritableHeaders trailers();

    /** Sends the whole response with {@code body} in one write and flush. */
    void send(ByteBuf body);

    /** Sends the whole response with {@code body}. */
    void send(byte[] body);

    /** Sends the whole response with {@code body} encoded as UTF-8; sets {@code text/plain} if no type was set. */
    void send(String body);

    /** Sends the response with no body. */
    void send();

    /**
     * Sends {@code length} bytes of the file from {@code offset}; zero-copy on cleartext HTTP/1.1, read in chunks
     * otherwise. The result completes when the file has been written or fails with the reason.
     */
    CompletionStage<Void> sendFile(Path file, long offset, long length);

    /** Sends the whole file. */
    CompletionStage<Void> sendFile(Path file);

    /**
     * Writes a piece of a streamed body, sending the head first if needed (chunked unless a Content-Length was set).
     * The result completes when the connection can take more data: waiting for it before the next write bounds what
     * is buffered.
     */
    CompletionStage<Void> write(ByteBuf chunk);

    /** Writes a piece of a streamed body. */
    CompletionStage<Void> write(byte[] chunk);

    /** Ends a streamed response, sending the trailers if any. */
    void end();

    /**
     * Ends the response abnormally, for a body that cannot be completed (a producer failed after the head was sent).
     * Nothing that could pass for a complete response is sent: on HTTP/1.x the connection is closed once earlier
     * responses are written (a chunked body lacks its last chunk), on HTTP/2 the stream is reset with
     * {@code INTERNAL_ERROR}. {@link #completion()} fails with {@code cause}. Does nothing once the response has ended.
     * The default, for implementations without a connection, ends the response.
     */
    default void abort(Throwable cause) {
        if (!isEnded()) {
            end();
        }
    }

    /** Whether the head has been handed to the connection. */
    boolean isCommitted();

    /** Whether the response is complete (ended, or abandoned because the connection closed). */
    boolean isEnded();

    /**
     * Completes once the whole response has been written to the socket; fails if the connection closed first.
     * Ask for it before ending the response to learn about the final write; asked afterwards it reflects the end.
     */
    CompletionStage<Void> completion();

    /**
     * Tells {@code listener} once when the whole response has been written to the socket (with a null failure) or the
     * connection closed first (with the cause): what {@code completion().whenComplete(listener)} does, for an
     * observer of every response that does not want the futures that makes. Cheapest when called on the response's
     * event loop before it ends; otherwise it goes through {@link #completion()}. The listener must not throw.
     */
    default void whenWritten(BiConsumer<Void, Throwable> listener) {
        completion().whenComplete(listener);
    }

    /**
     * Bytes of body handed to the connection for this response: the whole body, the file region, or the streamed
     * chunks so far; 0 when no body may be sent (a HEAD request, 204, 304). Exact once {@link #completion()} is done;
     * -1 for implementations that do not count.
     */
    default long bodyBytes() {
        return -1;
    }
}
