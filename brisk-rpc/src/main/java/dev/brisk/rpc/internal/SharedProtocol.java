package dev.brisk.rpc.internal;

import dev.brisk.transport.PortProtocol;

import java.time.Duration;

/** A protocol served on the RPC server's port besides RPC (the HTTP/JSON endpoint), closed with the server. */
public interface SharedProtocol extends PortProtocol {

    /** Lets its connections finish within {@code timeout}, then closes them. */
    void close(Duration timeout);
}
