package dev.brisk.rpc;

/**
 * Wraps calls: on a server around the service method (on the thread that runs it, with the call's
 * {@link RpcContext}), on a client around the proxy method (on the caller's thread). A filter calls
 * {@link RpcInvocation#proceed()} to go on, or returns or throws without it to answer itself. Filters run in the order
 * they were added, the first outermost. What {@code proceed()} returns is what the method returns: the value of a
 * synchronous method, the future of an asynchronous one.
 *
 * <pre>{@code
 * RpcFilter timing = invocation -> {
 *     long start = System.nanoTime();
 *     try {
 *         return invocation.proceed();
 *     } finally {
 *         metrics.record(invocation.service(), invocation.method().getName(), System.nanoTime() - start);
 *     }
 * };
 * }</pre>
 */
@FunctionalInterface
public interface RpcFilter {

    /** Handles one call, usually by calling {@code invocation.proceed()}. */
    Object filter(RpcInvocation invocation) throws Throwable;
}
