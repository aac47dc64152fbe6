package dev.brisk.rpc;

import java.lang.reflect.Method;

/** One call as an {@link RpcFilter} sees it. */
public interface RpcInvocation {

    /** The service name ({@link RpcService} or the interface's binary name). */
    String service();

    /** The interface method called. */
    Method method();

    /** The arguments, in a array the filter may change in place before proceeding. */
    Object[] arguments();

    /** Runs the next filter, or the call itself after the last one; returns what the method returns. */
    Object proceed() throws Throwable;
}
