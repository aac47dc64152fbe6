/**
 * What an application learns about the calls of its RPC clients and servers: {@link dev.brisk.rpc.observe.RpcObserver},
 * installed with {@code RpcClient.builder().observer(...)} and {@code RpcServer.builder().observer(...)}, hears of
 * every call that ends, of providers joining, leaving, ejected and restored, and may read the live counts of a client
 * or server for gauges. brisk-micrometer's {@code BriskRpcMetrics} is one.
 */
package dev.brisk.rpc.observe;
