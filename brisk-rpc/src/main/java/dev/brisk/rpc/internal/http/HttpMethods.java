package dev.brisk.rpc.internal.http;

import dev.brisk.rpc.internal.MethodInvoker;
import dev.brisk.rpc.internal.ServerService;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;

/**
 * The methods of one service as HTTP finds them: by wire signature ({@code find(int,java.lang.String)}), or by name
 * and number of arguments, which picks among overloads.
 */
final class HttpMethods {

    private final Map<String, MethodInvoker> bySignature = new HashMap<>();
    private final Executor executor;
    private final Map<String, List<MethodInvoker>> byName = new HashMap<>();

    HttpMethods(ServerService service) {
        this.executor = service.invokers().isEmpty() ? null : service.invokers().get(0).executor();
        for (MethodInvoker invoker : service.invokers()) {
            bySignature.put(invoker.model().signature(), invoker);
            byName.computeIfAbsent(invoker.model().method().getName(), name -> new ArrayList<>()).add(invoker);
        }
    }

    /** Where the service's methods run (one executor per service); {@code null} for the event loop. */
    Executor executor() {
        return executor;
    }

    /** Whether a method of that name or signature exists at all. */
    boolean knows(String method) {
        return bySignature.containsKey(method) || byName.containsKey(method);
    }

    /** The method with that signature, if {@code method} is one. */
    MethodInvoker bySignature(String method) {
        return bySignature.get(method);
    }

    /** The methods called {@code name} taking {@code arguments} parameters. */
    List<MethodInvoker> byNameAndArity(String name, int arguments) {
        List<MethodInvoker> found = new ArrayList<>();
        for (MethodInvoker invoker : byName.getOrDefault(name, List.of())) {
            if (invoker.model().parameterCount() == arguments) {
                found.add(invoker);
            }
        }
        return found;
    }
}
