package dev.brisk.rpc.internal.http;

import dev.brisk.rest.RequestContext;
import dev.brisk.rpc.http.HttpProblem;
import dev.brisk.rpc.internal.CallContext;
import dev.brisk.rpc.internal.MethodInvoker;
import dev.brisk.rpc.internal.ServerContext;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.lang.reflect.Type;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One HTTP call of a service method: on the service's executor (as an RPC call of that service would run) it reads
 * the JSON arguments, picks the method, invokes it through the same invoker and filters, and answers the result as
 * JSON or the failure as a problem, once, whichever of result, failure and time limit comes first.
 */
final class HttpCall implements Runnable {

    private final RequestContext ctx;
    private final ServerContext context;
    private final HttpMethods methods;
    private final ExceptionMapping exceptions;
    private final JsonMapper arguments;
    private final String method;
    private final byte[] body;
    private final ScheduledExecutorService timer;
    private final String traceId;
    private final AtomicBoolean answered = new AtomicBoolean();
    private volatile ScheduledFuture<?> timeout;
    private Thread runner;

    HttpCall(RequestContext ctx, ServerContext context, HttpMethods methods, ExceptionMapping exceptions,
             JsonMapper arguments, String method, byte[] body, ScheduledExecutorService timer) {
        this.ctx = ctx;
        this.arguments = arguments;
        this.exceptions = exceptions;
        this.context = context;
        this.methods = methods;
        this.method = method;
        this.body = body;
        this.timer = timer;
        this.traceId = ctx.request().headers().first("x-trace-id").orElse(null);
    }

    /** Hands the call to the service's executor (or runs it here, on the event loop, for {@code Dispatch.IO}). */
    void start() {
        context.inFlight().incrementAndGet();
        if (methods.executor() == null) {
            run();
            return;
        }
        try {
            methods.executor().execute(this);
        } catch (RejectedExecutionException e) {
            ctx.response().header("retry-after", "1");
            problem(503, null, "the worker queue of the service is full");
        }
    }

    @Override
    public void run() {
        JsonNode arguments;
        try {
            arguments = body.length == 0 ? Problems.JSON.createArrayNode() : Problems.JSON.readTree(body);
        } catch (JacksonException e) {
            problem(400, null, "the body is not JSON: " + e.getOriginalMessage());
            return;
        }
        MethodInvoker invoker = choose(arguments);
        if (invoker == null) {
            return;
        }
        Object[] values;
        try {
            values = convert(invoker, arguments);
        } catch (JacksonException | IllegalArgumentException e) {
            problem(400, null, "cannot read the arguments of " + invoker.model() + ": "
                    + (e instanceof JacksonException j ? j.getOriginalMessage() : e.getMessage()));
            return;
        }
        if (invoker.model().oneWay()) {
            answer(202, null);
        } else if (invoker.timeoutMillis() > 0) {
            long limit = invoker.timeoutMillis();
            timeout = timer.schedule(() -> timedOut(invoker, limit), limit, TimeUnit.MILLISECONDS);
        }
        invoke(invoker, values);
    }

    /** The method the path and the arguments name; answers the problem and returns {@code null} when there is none. */
    private MethodInvoker choose(JsonNode arguments) {
        MethodInvoker exact = methods.bySignature(method);
        if (exact != null) {
            return exact;
        }
        if (!methods.knows(method)) {
            problem(404, null, "no method " + method + " in this service");
            return null;
        }
        int count = arguments.isArray() ? arguments.size() : 1;
        List<MethodInvoker> found = methods.byNameAndArity(method, count);
        if (found.size() == 1) {
            return found.get(0);
        }
        if (found.isEmpty() && !arguments.isArray()) {
            problem(400, null, "no method " + method + " takes one argument: send the arguments as a JSON array");
        } else if (found.isEmpty()) {
            problem(400, null, "no method " + method + " takes " + count + " arguments");
        } else {
            problem(400, null, "several methods " + method + " take " + count + " arguments: name one by its"
                    + " signature, e.g. /rpc/{service}/" + found.get(0).model().signature());
        }
        return null;
    }

    private Object[] convert(MethodInvoker invoker, JsonNode arguments) {
        Type[] types = invoker.model().parameterTypes();
        Object[] values = new Object[types.length];
        if (!arguments.isArray()) {
            values[0] = read(arguments, types[0]);
            return values;
        }
        if (arguments.size() != types.length) {
            throw new IllegalArgumentException(types.length + " arguments expected, " + arguments.size() + " sent");
        }
        for (int i = 0; i < types.length; i++) {
            values[i] = read(arguments.get(i), types[i]);
        }
        return values;
    }

    private Object read(JsonNode node, Type type) {
        JavaType javaType = this.arguments.getTypeFactory().constructType(type);
        Object value = this.arguments.treeToValue(node, javaType);
        if (value == null && javaType.isPrimitive()) {
            throw new IllegalArgumentException("null for a parameter of type " + javaType.getRawClass().getName());
        }
        return value;
    }

    private void invoke(MethodInvoker invoker, Object[] values) {
        Object result;
        synchronized (this) {
            runner = Thread.currentThread();
        }
        CallContext previous = CallContext.enter(traceId, 0);
        try {
            result = invoker.invoke(values);
        } catch (Throwable t) {
            failed(t);
            return;
        } finally {
            CallContext.restore(previous);
            synchronized (this) {
                runner = null;
                Thread.interrupted();
            }
        }
        if (invoker.model().async() && result != null) {
            ((CompletionStage<?>) result).whenComplete((value, failure) -> {
                if (failure != null) {
                    failed(failure);
                } else {
                    succeeded(invoker, value);
                }
            });
        } else {
            succeeded(invoker, result);
        }
    }

    private void succeeded(MethodInvoker invoker, Object value) {
        Type type = invoker.model().resultType();
        if (type == void.class || type == Void.class) {
            answer(204, null);
            return;
        }
        byte[] json;
        try {
            json = Problems.JSON.writerFor(Problems.JSON.getTypeFactory().constructType(type))
                    .writeValueAsBytes(value);
        } catch (RuntimeException e) {
            problem(500, null, "cannot write the result of " + invoker.model() + " as JSON: " + e.getMessage());
            return;
        }
        answer(200, json);
    }

    private void failed(Throwable failure) {
        Throwable cause = failure;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException)
                && cause.getCause() != null) {
            cause = cause.getCause();
        }
        HttpProblem problem = exceptions.problem(cause);
        if (claim()) {
            Problems.send(ctx.response(), problem, cause.getClass().getName());
        }
    }

    private void timedOut(MethodInvoker invoker, long limit) {
        problem(504, null, invoker.model() + " did not finish within its time limit of " + limit + " ms");
        synchronized (this) {
            if (runner != null) {
                runner.interrupt();
            }
        }
    }

    private void answer(int status, byte[] json) {
        if (!claim()) {
            return;
        }
        if (json == null) {
            ctx.response().status(status).send();
        } else {
            ctx.response().status(status).header("content-type", "application/json").send(json);
        }
    }

    private void problem(int status, String exception, String detail) {
        if (claim()) {
            Problems.send(ctx.response(), status, exception, detail);
        }
    }

    private boolean claim() {
        if (!answered.compareAndSet(false, true)) {
            return false;
        }
        if (timeout != null) {
            timeout.cancel(false);
        }
        context.inFlight().decrementAndGet();
        return true;
    }
}
