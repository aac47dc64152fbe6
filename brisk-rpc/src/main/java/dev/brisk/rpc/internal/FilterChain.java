package dev.brisk.rpc.internal;

import dev.brisk.rpc.RpcFilter;
import dev.brisk.rpc.RpcInvocation;

import java.lang.reflect.Method;
import java.util.List;

/** Runs the filters of one call in order, then the call itself. */
final class FilterChain implements RpcInvocation {

    /** The call after the last filter. */
    @FunctionalInterface
    interface Terminal {

        Object call(Object[] arguments) throws Throwable;
    }

    private final List<RpcFilter> filters;
    private final String service;
    private final Method method;
    private final Object[] arguments;
    private final Terminal terminal;
    private int next;

    FilterChain(List<RpcFilter> filters, String service, Method method, Object[] arguments, Terminal terminal) {
        this.filters = filters;
        this.service = service;
        this.method = method;
        this.arguments = arguments;
        this.terminal = terminal;
    }

    @Override
    public String service() {
        return service;
    }

    @Override
    public Method method() {
        return method;
    }

    @Override
    public Object[] arguments() {
        return arguments;
    }

    @Override
    public Object proceed() throws Throwable {
        if (next < filters.size()) {
            return filters.get(next++).filter(this);
        }
        return terminal.call(arguments);
    }
}
