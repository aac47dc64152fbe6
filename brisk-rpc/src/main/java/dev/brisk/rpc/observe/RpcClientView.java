package dev.brisk.rpc.observe;

import java.util.Set;

/** Live counts of one {@code RpcClient}, read on demand (for gauges); each read walks the client's providers. */
public interface RpcClientView {

    /** Calls sent and not yet answered, over every provider. */
    int callsInFlight();

    /** The services the client calls (those it made a proxy of). */
    Set<String> services();

    /** The providers of {@code service} the registry reports; 0 for a service it does not call. */
    int providers(String service);

    /** The providers of {@code service} ejected as outliers now (or being probed); 0 for a service it does not call. */
    int ejectedProviders(String service);
}
