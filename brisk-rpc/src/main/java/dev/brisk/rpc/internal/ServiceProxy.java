package dev.brisk.rpc.internal;

import dev.brisk.rpc.RpcException;
import dev.brisk.rpc.RpcFilter;
import dev.brisk.rpc.RpcRemoteException;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * The client side of one service interface: a {@link Proxy} whose handler finds the method's precomputed stub in a
 * map built at startup (no reflective call per invocation), starts the call and, for a synchronous method, waits for
 * it.
 */
public final class ServiceProxy implements InvocationHandler {

    private static final Object[] NO_ARGUMENTS = new Object[0];

    private record Stub(MethodModel model, MethodRoute route) {
    }

    private final ClientRuntime runtime;
    private final Cluster cluster;
    private final ServiceModel service;
    private final Map<Method, Stub> stubs;
    private final List<RpcFilter> filters;

    private ServiceProxy(ClientRuntime runtime, ServiceModel service, List<RpcFilter> filters,
                         ProviderSelection selection) {
        this.runtime = runtime;
        this.filters = List.copyOf(filters);
        this.service = service;
        this.cluster = runtime.cluster(service.name());
        Map<Method, Stub> map = new HashMap<>();
        for (MethodModel method : service.methods()) {
            map.put(method.method(), new Stub(method, new MethodRoute(runtime, cluster, method,
                    Handshake.key(service.name(), method.signature()), selection)));
        }
        this.stubs = Map.copyOf(map);
    }

    /**
     * A proxy of {@code type} calling the providers of its service that {@code selection} accepts through
     * {@code runtime}.
     */
    public static <T> T create(ClientRuntime runtime, Class<T> type, List<RpcFilter> filters,
                               ProviderSelection selection) {
        ServiceModel model = ServiceModel.of(type);
        runtime.allow(model);
        ServiceProxy handler = new ServiceProxy(runtime, model, filters, selection);
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, handler));
    }

    /** The name of the service {@code type} calls on the wire. */
    public static String serviceName(Class<?> type) {
        return ServiceModel.of(type).name();
    }

        @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        Stub stub = stubs.get(method);
        if (stub == null) {
            return local(proxy, method, args);
        }
        Object[] arguments = args == null ? NO_ARGUMENTS : args;
        if (filters.isEmpty()) {
            return call(stub, method, arguments);
        }
        return new FilterChain(filters, service.name(), method, arguments, a -> call(stub, method, a)).proceed();
    }

    private Object call(Stub stub, Method method, Object[] arguments) throws Throwable {
        MethodModel model = stub.model;
        if (!model.async() && runtime.inEventLoop()) {
            throw new IllegalStateException("synchronous method " + model + " of " + service.name() + " called on the"
                    + " client's event loop (in a callback of an asynchronous call?): it would wait for the thread that"
                    + " must deliver its answer; call an asynchronous method or move the work to another thread");
        }
        CompletableFuture<Object> call = new ClientCall(runtime, stub.route, model, arguments).start();
        if (model.async()) {
            return call;
        }
        try {
            return call.get();
        } catch (ExecutionException e) {
            throw rethrowable(e.getCause(), method);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RpcException("interrupted while waiting for " + model + " of " + service.name(), e);
        }
    }

    private static Throwable rethrowable(Throwable failure, Method method) {
        if (failure instanceof RuntimeException || failure instanceof Error) {
            return failure;
        }
        for (Class<?> declared : method.getExceptionTypes()) {
            if (declared.isInstance(failure)) {
                return failure;
            }
        }
        return new RpcRemoteException(failure.getClass().getName(), failure.getMessage());
    }

    private Object local(Object proxy, Method method, Object[] args) throws Throwable {
        if (method.getDeclaringClass() == Object.class) {
            return switch (method.getName()) {
                case "equals" -> proxy == args[0];
                case "hashCode" -> System.identityHashCode(proxy);
                case "toString" -> "RpcClient proxy of " + service.name();
                default -> throw new UnsupportedOperationException(method.toString());
            };
        }
        if (method.isDefault()) {
            return InvocationHandler.invokeDefault(proxy, method, args);
        }
        throw new UnsupportedOperationException(method + " is not a remote method of " + service.name());
    }
}
