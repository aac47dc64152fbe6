package dev.brisk.rpc.internal;

import dev.brisk.rpc.RpcFilter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;

/** One service a server offers: its id, its implementation and an invoker per method (the method id is the index). */
public final class ServerService {

    private final int id;
    private final ServiceModel model;
    private final List<MethodInvoker> invokers;

    public ServerService(int id, ServiceModel model, Object implementation, Executor executor,
                         long defaultTimeoutMillis) {
        this(id, model, implementation, executor, defaultTimeoutMillis, List.of());
    }

    public ServerService(int id, ServiceModel model, Object implementation, Executor executor,
                         long defaultTimeoutMillis, List<RpcFilter> filters) {
        if (!model.type().isInstance(implementation)) {
            throw new IllegalArgumentException("implementation " + implementation.getClass().getName()
                    + " does not implement " + model.type().getName());
        }
        this.id = id;
        this.model = model;
        List<MethodInvoker> list = new ArrayList<>();
        for (MethodModel method : model.methods()) {
            list.add(new MethodInvoker(id, list.size(), method, implementation, executor, defaultTimeoutMillis,
                    model.name(), filters));
        }
        this.invokers = List.copyOf(list);
    }

    public int id() {
        return id;
    }

    public ServiceModel model() {
        return model;
    }

    public List<MethodInvoker> invokers() {
        return invokers;
    }

    /** The invoker of {@code methodId}, {@code null} when there is none. */
    public MethodInvoker invoker(int methodId) {
        return methodId >= 0 && methodId < invokers.size() ? invokers.get(methodId) : null;
    }
}
