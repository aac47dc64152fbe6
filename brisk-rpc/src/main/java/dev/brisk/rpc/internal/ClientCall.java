package dev.brisk.rpc.internal;

import dev.brisk.rpc.ConnectionLostException;
import dev.brisk.rpc.NoProviderException;
import dev.brisk.rpc.OverloadedException;
import dev.brisk.rpc.RpcException;
import dev.brisk.rpc.RpcTimeoutException;
import dev.brisk.rpc.ServerShuttingDownException;
import dev.brisk.rpc.UnknownMethodException;
import dev.brisk.rpc.observe.ClientCallEnded;

import dev.brisk.transport.TraceContext;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * One call from the client's side, across attempts: picks a connection of a provider that serves the method (its
 * {@link MethodRoute}), waits (within the deadline) for one to become
 * ready when none is, and after a failure tries another provider when that cannot run the method twice — always when
 * the request never ran (not sent, or refused by a server shutting down), otherwise only for idempotent methods.
 */
final class ClientCall {

    private final ClientRuntime runtime;
    private final Cluster cluster;
    private final MethodRoute route;
    private final MethodModel method;
    private final Object[] arguments;
    private final long deadline;
    private final long timeoutNanos;
    private final CompletableFuture<Object> result = new CompletableFuture<>();
    private final String traceId;
    private final Set<ProviderPool> tried = new HashSet<>(4);
    private int retries;
    private Throwable lastFailure;
    /** Its span when the client traces calls, else null. */
    private final CallTracing.ClientSpan span;
    private final long startedAt;
    /** The provider it went to last, and how many times it was sent: what its observers hear. */
    private ProviderPool provider;
    private int attempts;

    ClientCall(ClientRuntime runtime, MethodRoute route, MethodModel method, Object[] arguments) {
        this.runtime = runtime;
        this.cluster = route.cluster();
        this.route = route;
        this.method = method;
        this.arguments = arguments;
        long now = System.nanoTime();
        long own = method.timeoutMillis() > 0 ? TimeUnit.MILLISECONDS.toNanos(method.timeoutMillis())
                : runtime.options().callTimeout().toNanos();
        CallContext context = CallContext.current();
        TraceContext trace = TraceContext.currentOrNull();
        CallTracing tracing = runtime.tracing();
        this.span = tracing == null ? null : tracing.client(cluster.service(), method.method().getName());
        String spanParent = span == null ? null : span.traceparent();
        this.traceId = spanParent != null ? spanParent
                : trace != null ? trace.traceparent() : context == null ? null : context.traceId();
        this.startedAt = now;
        this.timeoutNanos = context != null && context.hasDeadline()
                ? Math.min(own, context.deadlineNanos() - now) : own;
        this.deadline = now + timeoutNanos;
    }

    CompletableFuture<Object> start() {
        CompletableFuture<Object> answer = span == null && runtime.observer() == null ? result : observed();
        if (timeoutNanos <= 0) {
            result.completeExceptionally(new RpcTimeoutException(method + " of " + cluster.service()
                    + " not sent: the deadline of the call being served has passed"));
            return answer;
        }
        attempt();
        return answer;
    }

    /**
     * The result, completed once the call's span and observers have heard how it ended (a caller that waits for it
     * finds the call counted), with the same value or exception.
     */
    private CompletableFuture<Object> observed() {
        CompletableFuture<Object> observed = new CompletableFuture<>();
        result.whenComplete((value, failure) -> {
            ended(failure);
            if (failure == null) {
                observed.complete(value);
            } else {
                observed.completeExceptionally(failure);
            }
        });
        return observed;
    }

    private void ended(Throwable failure) {
        ProviderPool last = provider;
        if (span != null) {
            try {
                span.end(last == null ? null : last.host(), last == null ? 0 : last.port(), failure);
            } catch (RuntimeException e) {
                // a tracing library's failure is not the call's
            }
        }
        Observers observer = runtime.observer();
        if (observer != null) {
            observer.clientCallEnded(new ClientCallEnded(cluster.service(), method.method().getName(),
                    last == null ? "" : last.address(), CallOutcomes.client(failure),
                    failure == null ? "" : failure.getClass().getName(), System.nanoTime() - startedAt, attempts));
        }
    }

    private void attempt() {
        if (runtime.closed()) {
            result.completeExceptionally(new RpcException("the client is closed"));
            return;
        }
        long remaining = deadline - System.nanoTime();
        if (remaining <= 0) {
            result.completeExceptionally(lastFailure != null ? lastFailure : new NoProviderException("no provider of "
                    + cluster.service() + " became ready within " + TimeUnit.NANOSECONDS.toMillis(timeoutNanos)
                    + " ms " + cluster.providers()));
            return;
        }
        CompletableFuture<Void> readySignal = runtime.readySignal();
        ClientConnection connection;
        synchronized (this) {
            connection = select();
        }
        if (connection == null) {
            RpcException refusal;
            synchronized (this) {
                refusal = cluster.refusal(tried);
            }
            if (refusal != null) {
                result.completeExceptionally(refusal);
            } else if (route.mayBecomeReady(tried)) {
                readySignal.copy().completeOnTimeout(null, remaining, TimeUnit.NANOSECONDS)
                        .thenRun(this::attempt);
            } else if (lastFailure != null) {
                result.completeExceptionally(lastFailure);
            } else {
                result.completeExceptionally(route.unavailable());
            }
            return;
        }
        provider = connection.pool();
        Long ids = connection.ids(route.key());
        if (ids == null) {
            // this connection's server lacks what the provider's last hello offered (a redeploy between two
            // connections' hellos): the call was not sent, another provider may take it
            connection.pool().health().release(this);
            lastFailure = new UnknownMethodException(connection.offers(cluster.service())
                    ? "provider " + connection.pool().address() + " has no method " + method.signature()
                            + " in service " + cluster.service()
                    : "provider " + connection.pool().address() + " does not offer service " + cluster.service());
            synchronized (this) {
                tried.add(connection.pool());
            }
            attempt();
            return;
        }
        long limitMillis = TimeUnit.NANOSECONDS.toMillis(timeoutNanos);
        long sentAt = System.nanoTime();
        connection.pool().sending(sentAt);
        attempts++;
        connection.send(method, ids, arguments, traceId, remaining, limitMillis).whenComplete((value, failure) -> {
            boolean answered = !(failure instanceof RpcTimeoutException || failure instanceof ConnectionLostException);
            connection.pool().ended(answered, System.nanoTime());
            if (method.oneWay() || failure instanceof NotSentException) {
                connection.pool().health().release(this);
            } else {
                cluster.record(connection.pool(), this, failure, System.nanoTime() - sentAt);
            }
            if (failure == null) {
                result.complete(value);
            } else {
                failed(connection, failure);
            }
        });
    }

    /** A connection the balancer picks; when every provider that takes calls is unusable, one of an ejected one. */
    private ClientConnection select() {
        List<ProviderPool> providers = route.providers();
        ClientConnection connection = runtime.balancer().select(providers, method, arguments, tried, this);
        return connection != null ? connection : Balancer.anyReady(providers, tried);
    }

    private void failed(ClientConnection connection, Throwable failure) {
        boolean neverRan = failure instanceof NotSentException || failure instanceof ServerShuttingDownException;
        boolean retry = neverRan || (method.idempotent() && retries < runtime.options().maxRetries()
                && (failure instanceof ConnectionLostException || failure instanceof OverloadedException));
        if (!retry || failure instanceof RpcTimeoutException) {
            result.completeExceptionally(failure);
            return;
        }
        if (!neverRan) {
            retries++;
        }
        lastFailure = failure instanceof NotSentException
                ? new ConnectionLostException(failure.getMessage()) : failure;
        synchronized (this) {
            tried.add(connection.pool());
        }
        attempt();
    }
}
