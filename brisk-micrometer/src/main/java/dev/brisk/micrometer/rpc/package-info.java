/**
 * Micrometer meters of Brisk RPC clients and servers: {@link dev.brisk.micrometer.rpc.BriskRpcMetrics}, an
 * {@code RpcObserver}. Needs brisk-rpc on the class path, an optional dependency of brisk-micrometer.
 */
package dev.brisk.micrometer.rpc;
