package dev.brisk.spring.boot.rpc;

import dev.brisk.rpc.RpcClient;

/**
 * Called with the builder of the application's {@code RpcClient} once {@code brisk.rpc.*} is on it, before it is
 * built, in {@code @Order}: for what properties do not say (filters, TLS, a serializer instance).
 */
@FunctionalInterface
public interface RpcClientCustomizer {

    /** Changes {@code builder}. */
    void customize(RpcClient.Builder builder);
}
