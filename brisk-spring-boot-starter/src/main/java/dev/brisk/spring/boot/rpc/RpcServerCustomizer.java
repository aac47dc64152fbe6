package dev.brisk.spring.boot.rpc;

import dev.brisk.rpc.RpcServer;

/**
 * Called with the builder of the application's {@code RpcServer} once {@code brisk.rpc.*} and the exported beans are
 * on it, before it starts, in {@code @Order}: for what properties do not say (filters, TLS, a serializer instance, an
 * executor for one service).
 */
@FunctionalInterface
public interface RpcServerCustomizer {

    /** Changes {@code builder}. */
    void customize(RpcServer.Builder builder);
}
