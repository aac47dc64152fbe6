package dev.brisk.client.internal.exchange;

/** The exchange behind a {@link ResponseStream}: an HTTP/1.1 connection or an HTTP/2 stream. Called on its loop. */
public interface StreamSource {

    /** Reads more from the network for {@code stream} (its subscriber has demand and nothing is queued). */
    void read(ResponseStream stream);

    /** Abandons the exchange of {@code stream} before its end: closes the connection or resets the stream. */
    void cancel(ResponseStream stream);
}
