package dev.brisk.http;

import dev.brisk.http.common.Headers;
import io.netty.buffer.ByteBuf;

/** Receives a streamed request body. All calls happen on the connection's event loop, in order. */
public interface BodyListener {

    /**
     * A piece of the body. The buffer is released when this method returns: retain it to keep it. Call
     * {@link ServerRequest#pause()} to stop reading from the socket until {@link ServerRequest#resume()}.
     */
    void onData(ByteBuf chunk);

    /** The body is complete; {@code trailers} is empty when the client sent none. */
    void onEnd(Headers trailers);

    /** The body will not complete: the connection closed, the body was too large or malformed. */
    default void onError(Throwable cause) {
    }
}
