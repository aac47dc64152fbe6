/**
 * Brisk RPC in a Spring Boot application, with brisk-rpc on the class path: {@link RpcProvider} exports beans on the
 * application's RPC server, {@link RpcReference} injects proxies from its RPC client, both configured by
 * {@code brisk.rpc.*} and the customizers.
 */
package dev.brisk.spring.boot.rpc;
