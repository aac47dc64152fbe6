package dev.brisk.client.internal.exchange;

import dev.brisk.client.HttpRequest;
import dev.brisk.client.HttpResponse;

/**
 * A call as the connection serving it sees it: the request to write, and where the lease, the response or the failure
 * goes. The client's {@code Call} is the one implementation outside tests. Called on the connection's event loop only.
 */
public interface Exchange {

    /** The request to send now (after redirects: the current one). */
    HttpRequest request();

    /** The encoded body of {@link #request()}; the exchange owns and releases it. */
    RequestBody body();

    /** Whether the final response's body is handed on as it arrives (a {@link ResponseStream}). */
    boolean streamed();

    /** Whether a response with {@code status} is a redirect this exchange follows (its body is then read whole). */
    boolean follows(int status);

    /** A connection or stream was leased to this exchange; it calls {@link Lease#send} when it is ready. */
    void onAcquired(Lease lease);

    /** No connection or stream could be leased. */
    void onAcquireFailed(Throwable cause);

    /** The response head (streamed) or the whole response arrived; the lease is done with this exchange. */
    void onResponse(HttpResponse response);

    /** The exchange failed after the lease was handed over; the lease is done with it. */
    void onExchangeFailed(Throwable cause);
}
