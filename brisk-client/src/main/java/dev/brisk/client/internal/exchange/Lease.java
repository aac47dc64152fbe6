package dev.brisk.client.internal.exchange;

/**
 * What an {@link Exchange} holds while it talks to a server: an HTTP/1.1 connection or an HTTP/2 stream. Touched only
 * on the exchange's event loop.
 */
public interface Lease {

    /** Sends the exchange's current request; the lease reports back through the exchange. */
    void send(Exchange exchange);

    /** Drops the exchange in progress (call cancelled or timed out); the lease is not reused. */
    void abort();

    /** Gives back a lease that was never used (the call ended while waiting for it). */
    void releaseUnused();
}
