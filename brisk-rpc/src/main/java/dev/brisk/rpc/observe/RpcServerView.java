package dev.brisk.rpc.observe;

/** Live counts of one {@code RpcServer}, read on demand (for gauges). */
public interface RpcServerView {

    /** Calls admitted and not yet answered, over every connection. */
    int callsInFlight();

    /** RPC connections open now. */
    int connections();

    /** Calls answered "timeout" without running: their caller's deadline passed while they waited. */
    long expiredCalls();
}
