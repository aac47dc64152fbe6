package dev.brisk.rest.jaxrs.internal;

import jakarta.ws.rs.ServiceUnavailableException;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.CompletionCallback;
import jakarta.ws.rs.container.ConnectionCallback;
import jakarta.ws.rs.container.TimeoutHandler;
import jakarta.ws.rs.core.Response;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Date;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A suspended request ({@code @Suspended AsyncResponse}): resumed once, from any thread, with a value, a
 * {@code Response} or an exception; cancelled with 503; timed out with the timeout handler or 503. Completion
 * callbacks run when the response has been written.
 */
final class AsyncResponseImpl implements AsyncResponse {

    private static final int SUSPENDED = 0;
    private static final int DONE = 1;
    private static final int CANCELLED = 2;

    private static final ScheduledThreadPoolExecutor TIMER = timer();

    private final ResourceHandler handler;
    private final Exchange exchange;
    private final AtomicInteger state = new AtomicInteger(SUSPENDED);
    private final List<CompletionCallback> completionCallbacks = new CopyOnWriteArrayList<>();
    private final List<ConnectionCallback> connectionCallbacks = new CopyOnWriteArrayList<>();
    private volatile ScheduledFuture<?> timeout;
    private volatile TimeoutHandler timeoutHandler;

    AsyncResponseImpl(ResourceHandler handler, Exchange exchange) {
        this.handler = handler;
        this.exchange = exchange;
        exchange.context().response().completion().whenComplete((v, error) -> {
            for (CompletionCallback callback : completionCallbacks) {
                callback.onComplete(error);
            }
            if (error != null) {
                for (ConnectionCallback callback : connectionCallbacks) {
                    callback.onDisconnect(this);
                }
            }
        });
    }

    private static ScheduledThreadPoolExecutor timer() {
        ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, r -> {
            Thread thread = new Thread(r, "brisk-jaxrs-async-timeouts");
            thread.setDaemon(true);
            return thread;
        });
        timer.setRemoveOnCancelPolicy(true);
        return timer;
    }

    @Override
    public boolean resume(Object response) {
        if (!finish(DONE)) {
            return false;
        }
        within(() -> handler.complete(exchange, response));
        return true;
    }

    @Override
    public boolean resume(Throwable response) {
        if (!finish(DONE)) {
            return false;
        }
        within(() -> handler.fail(exchange, response));
        return true;
    }

    @Override
    public boolean cancel() {
        return cancel(Response.status(Response.Status.SERVICE_UNAVAILABLE).build());
    }

    @Override
    public boolean cancel(int retryAfter) {
        return cancel(Response.status(Response.Status.SERVICE_UNAVAILABLE).header("Retry-After", retryAfter)
                .build());
    }

    @Override
    public boolean cancel(Date retryAfter) {
        return cancel(Response.status(Response.Status.SERVICE_UNAVAILABLE).header("Retry-After",
                HttpDates.format(retryAfter)).build());
    }

    private boolean cancel(Response response) {
        if (state.get() == CANCELLED) {
            return true;
        }
        if (!finish(CANCELLED)) {
            return false;
        }
        within(() -> handler.complete(exchange, response));
        return true;
    }

    private boolean finish(int outcome) {
        if (!state.compareAndSet(SUSPENDED, outcome)) {
            return false;
        }
        ScheduledFuture<?> pending = timeout;
        if (pending != null) {
            pending.cancel(false);
        }
        return true;
    }

    private void within(Runnable action) {
        Exchange previous = Exchange.enter(exchange);
        try {
            action.run();
        } finally {
            Exchange.leave(previous);
        }
    }

    @Override
    public boolean isSuspended() {
        return state.get() == SUSPENDED;
    }

    @Override
    public boolean isCancelled() {
        return state.get() == CANCELLED;
    }

    @Override
    public boolean isDone() {
        return state.get() != SUSPENDED;
    }

    @Override
    public boolean setTimeout(long time, TimeUnit unit) {
        if (!isSuspended()) {
            return false;
        }
        ScheduledFuture<?> previous = timeout;
        if (previous != null) {
            previous.cancel(false);
        }
        timeout = time <= 0 ? null : TIMER.schedule(this::timedOut, time, unit);
        return true;
    }

    private void timedOut() {
        TimeoutHandler custom = timeoutHandler;
        if (custom != null) {
            custom.handleTimeout(this);
            return;
        }
        resume(new ServiceUnavailableException("the response was not ready in time"));
    }

    @Override
    public void setTimeoutHandler(TimeoutHandler handler) {
        this.timeoutHandler = handler;
    }

    @Override
    public Collection<Class<?>> register(Class<?> callback) {
        try {
            return register(callback.getDeclaredConstructor().newInstance());
        } catch (ReflectiveOperationException e) {
            throw new IllegalArgumentException("cannot create callback " + callback.getName() + ": "
                    + e.getMessage(), e);
        }
    }

    @Override
    public Map<Class<?>, Collection<Class<?>>> register(Class<?> callback, Class<?>... callbacks) {
        Map<Class<?>, Collection<Class<?>>> registered = new HashMap<>();
        registered.put(callback, register(callback));
        for (Class<?> other : callbacks) {
            registered.put(other, register(other));
        }
        return registered;
    }

    @Override
    public Collection<Class<?>> register(Object callback) {
        List<Class<?>> contracts = new ArrayList<>();
        if (callback instanceof CompletionCallback completion) {
            completionCallbacks.add(completion);
            contracts.add(CompletionCallback.class);
        }
        if (callback instanceof ConnectionCallback connection) {
            // called when the response could not be written because the connection went away
            connectionCallbacks.add(connection);
            contracts.add(ConnectionCallback.class);
        }
        if (contracts.isEmpty()) {
            throw new IllegalArgumentException(callback.getClass().getName() + " is neither a CompletionCallback "
                    + "nor a ConnectionCallback");
        }
        return contracts;
    }

    @Override
    public Map<Class<?>, Collection<Class<?>>> register(Object callback, Object... callbacks) {
        Map<Class<?>, Collection<Class<?>>> registered = new HashMap<>();
        registered.put(callback.getClass(), register(callback));
        for (Object other : callbacks) {
            registered.put(other.getClass(), register(other));
        }
        return registered;
    }
}
