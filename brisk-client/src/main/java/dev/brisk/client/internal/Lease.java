package dev.brisk.client.internal;

/**
 * What a {@link Call} holds while it talks to a server: an HTTP/1.1 {@link Http1Connection} or an HTTP/2
 * {@link Http2Stream}.
 * Touched only on the call's event loop.
 */
interface Lease {

    /** Sends the call's current request; the lease reports back through the call. */
    void send(Call call);

    /** Drops the exchange in progress (call cancelled or timed out); the lease is not reused. */
    void abort();

    /** Gives back a lease that was never used (the call ended while waiting for it). */
    void releaseUnused();
}
