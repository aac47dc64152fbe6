package dev.brisk.rpc.internal;

import dev.brisk.rpc.RpcFilter;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.util.List;
import java.util.concurrent.Executor;

/**
 * Calls one method of one service implementation. The method handle is bound to the implementation and spread over an
 * argument array once, at startup, to the shape {@code (Object[])Object}, so every call is one {@code invokeExact}
 * with a fixed type: no reflection, any number of parameters, primitives unboxed and results boxed by the handle.
 */
public final class MethodInvoker {

    private static final MethodType SHAPE = MethodType.methodType(Object.class, Object[].class);

    private final int serviceId;
    private final int methodId;
    private final MethodModel model;
    private final MethodHandle handle;
    private final Executor executor;
    private final long timeoutMillis;
    private final List<RpcFilter> filters;
    private final String serviceName;

    MethodInvoker(int serviceId, int methodId, MethodModel model, Object implementation, Executor executor,
                  long defaultTimeoutMillis, String serviceName, List<RpcFilter> filters) {
        this.filters = List.copyOf(filters);
        this.serviceName = serviceName;
        this.serviceId = serviceId;
        this.methodId = methodId;
        this.model = model;
        this.handle = spread(model.method(), implementation);
        this.executor = executor;
        this.timeoutMillis = model.timeoutMillis() > 0 ? model.timeoutMillis() : defaultTimeoutMillis;
    }

    private static MethodHandle spread(Method method, Object implementation) {
        MethodHandle direct;
        try {
            direct = MethodHandles.publicLookup().unreflect(method);
        } catch (IllegalAccessException notPublic) {
            if (!method.trySetAccessible()) {
                throw new IllegalArgumentException("cannot call " + method + ": the interface is not public and its"
                        + " package is not open to dev.brisk.rpc", notPublic);
            }
            try {
                direct = MethodHandles.lookup().unreflect(method);
            } catch (IllegalAccessException e) {
                throw new IllegalArgumentException("cannot call " + method, e);
            }
        }
        return direct.bindTo(implementation)
                .asSpreader(Object[].class, method.getParameterCount())
                .asType(SHAPE);
    }

    /** Runs the method through the server's filters; throws what it throws. */
    public Object invoke(Object[] arguments) throws Throwable {
        if (filters.isEmpty()) {
            return (Object) handle.invokeExact(arguments);
        }
        return new FilterChain(filters, serviceName, model.method(), arguments, this::invokeDirectly).proceed();
    }

    private Object invokeDirectly(Object[] arguments) throws Throwable {
        return (Object) handle.invokeExact(arguments);
    }

    public int serviceId() {
        return serviceId;
    }

    public int methodId() {
        return methodId;
    }

    /** The name of the service the method belongs to. */
    public String serviceName() {
        return serviceName;
    }

    public MethodModel model() {
        return model;
    }

    /** Where the method runs; {@code null} for the event loop. */
    public Executor executor() {
        return executor;
    }

    /** The method's time limit in milliseconds, 0 for none. */
    public long timeoutMillis() {
        return timeoutMillis;
    }
}
