package dev.brisk.rest.spring.internal;

import io.netty.util.internal.ThreadExecutorMap;
import org.springframework.http.MediaType;
import org.springframework.web.context.request.async.AsyncRequestNotUsableException;
import org.springframework.web.servlet.mvc.method.annotation.ResponseBodyEmitter;
import org.springframework.web.servlet.mvc.method.annotation.ResponseBodyEmitter.DataWithMediaType;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * Connects a Spring {@link ResponseBodyEmitter} (or {@code SseEmitter}) returned by a handler to a Brisk response, as
 * Spring MVC's return value handler does: the emitter is initialized with a handler of ours (its package-private
 * {@code Handler} interface, implemented by a proxy), which replays what was sent before the handler method returned
 * and takes every later {@code send}, {@code complete} and {@code completeWithError}, from any thread.
 *
 * <p>{@code send} returns once the data has been handed to the connection and the connection can take more, as a
 * servlet container's blocking write does (except on an event loop, which must not wait for a client). The emitter's
 * callbacks run as in Spring MVC: {@code onTimeout} when its timeout elapses (then the response ends, unless the
 * callback ended it), {@code onError} when the client went away (with an {@link AsyncRequestNotUsableException}),
 * and {@code onCompletion} once the response has ended, however it ended. They run on the thread that ended the
 * response: the emitter's timeout thread, or an event loop when the client went away; they must not block.
 */
abstract class EmitterBridge {

    private static final Class<?> HANDLER = handlerInterface();
    private static final MethodHandle INITIALIZE = initialize();

    private enum Ending { COMPLETED, FAILED, TIMED_OUT, DISCONNECTED }

    private final Object lock = new Object();
    private Runnable onTimeout;
    private Consumer<Throwable> onError;
    private Runnable onCompletion;
    private Ending ending;
    private ScheduledFuture<?> timeout;

    /**
     * Hands the response to {@code emitter}: what it holds is sent now, later calls go straight to the response. When
     * that fails (data no codec writes, say), the response has started already: it is ended as failed, and the
     * failure logged.
     */
    final void start(ResponseBodyEmitter emitter) {
        Object handler = Proxy.newProxyInstance(HANDLER.getClassLoader(), new Class<?>[] {HANDLER},
                (proxy, method, args) -> dispatch(proxy, method, args));
        Long millis = emitter.getTimeout();
        if (millis != null && millis > 0) {
            synchronized (lock) {
                timeout = EmitterTimer.schedule(this::timedOut, millis);
            }
        }
        try {
            INITIALIZE.invoke(emitter, handler);
        } catch (Error e) {
            completeWithError(e);
            throw e;
        } catch (Throwable t) {
            System.getLogger("dev.brisk.rest.spring").log(t instanceof IOException ? System.Logger.Level.DEBUG
                    : System.Logger.Level.WARNING, "the data sent to " + emitter + " before its handler returned could not be written: " + t, t);
            completeWithError(t);
        }
    }

    /** Writes the items of one {@code send}; the result completes when the connection can take more. */
    abstract CompletionStage<Void> write(List<DataWithMediaType> items) throws IOException;

    /** Ends the response normally. */
    abstract void finish();

    /** Ends the response as failed: the client sees an incomplete response. */
    abstract void abort(Throwable error);

    /** For subclasses: the client went away (the connection closed or broke). */
    final void disconnected() {
        ended(Ending.DISCONNECTED);
    }

    private Object dispatch(Object proxy, Method method, Object[] args) throws Throwable {
        switch (method.getName()) {
            case "send" -> {
                if (args.length == 2) {
                    send(List.of(new DataWithMediaType(args[0], (MediaType) args[1])));
                } else {
                    @SuppressWarnings("unchecked")
                    Set<DataWithMediaType> items = (Set<DataWithMediaType>) args[0];
                    send(List.copyOf(items));
                }
                return null;
            }
            case "complete" -> {
                complete();
                return null;
            }
            case "completeWithError" -> {
                completeWithError((Throwable) args[0]);
                return null;
            }
            case "onTimeout" -> {
                synchronized (lock) {
                    onTimeout = (Runnable) args[0];
                }
                return null;
            }
            case "onError" -> {
                @SuppressWarnings("unchecked")
                Consumer<Throwable> callback = (Consumer<Throwable>) args[0];
                Ending ended;
                synchronized (lock) {
                    onError = callback;
                    ended = ending;
                }
                // the emitter registers its callbacks after replaying early sends: the client may have left already
                if (ended == Ending.DISCONNECTED) {
                    reportError(callback, ended);
                }
                return null;
            }
            case "onCompletion" -> {
                Ending ended;
                synchronized (lock) {
                    onCompletion = (Runnable) args[0];
                    ended = ending;
                }
                if (ended != null) {
                    run((Runnable) args[0]);
                }
                return null;
            }
            case "hashCode" -> {
                return System.identityHashCode(proxy);
            }
            case "equals" -> {
                return proxy == args[0];
            }
            case "toString" -> {
                return "BriskEmitterHandler[" + getClass().getSimpleName() + "]";
            }
            default -> throw new UnsupportedOperationException("emitter handler method " + method);
        }
    }

    private void send(List<DataWithMediaType> items) throws IOException {
        if (items.isEmpty()) {
            return;
        }
        Ending ended;
        synchronized (lock) {
            ended = ending;
        }
        if (ended != null) {
            throw notUsable(ended, null);
        }
        await(write(items));
    }

    /** Waits until the connection takes more (not on an event loop, which must never wait for a client). */
    private void await(CompletionStage<Void> written) throws IOException {
        if (ThreadExecutorMap.currentExecutor() != null) {
            return;
        }
        CompletableFuture<Void> future = written.toCompletableFuture();
        while (true) {
            try {
                future.get(1, TimeUnit.SECONDS);
                return;
            } catch (TimeoutException e) {
                Ending ended;
                synchronized (lock) {
                    ended = ending;
                }
                if (ended != null) {
                    throw notUsable(ended, null);
                }
            } catch (ExecutionException e) {
                disconnected();
                throw notUsable(Ending.DISCONNECTED, e.getCause());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while sending to the client");
            }
        }
    }

    private void complete() {
        synchronized (lock) {
            if (ending != null) {
                return;
            }
        }
        finish();
        ended(Ending.COMPLETED);
    }

    private void completeWithError(Throwable error) {
        synchronized (lock) {
            if (ending != null) {
                return;
            }
        }
        abort(error);
        ended(Ending.FAILED);
    }

    private void timedOut() {
        Runnable callback;
        synchronized (lock) {
            if (ending != null) {
                return;
            }
            callback = onTimeout;
        }
        if (callback != null) {
            run(callback);
        }
        synchronized (lock) {
            if (ending != null) {
                return;
            }
        }
        finish();
        ended(Ending.TIMED_OUT);
    }

    /** Records how the response ended, once, and runs the callbacks that apply. */
    private void ended(Ending how) {
        Consumer<Throwable> error;
        Runnable completion;
        synchronized (lock) {
            if (ending != null) {
                return;
            }
            ending = how;
            if (timeout != null && how != Ending.TIMED_OUT) {
                timeout.cancel(false);
            }
            error = onError;
            completion = onCompletion;
        }
        if (how == Ending.DISCONNECTED && error != null) {
            reportError(error, how);
        }
        if (completion != null) {
            run(completion);
        }
    }

    private static void reportError(Consumer<Throwable> callback, Ending how) {
        try {
            callback.accept(notUsable(how, null));
        } catch (RuntimeException e) {
            System.getLogger("dev.brisk.rest.spring").log(System.Logger.Level.WARNING,
                    "an emitter's onError callback failed: " + e, e);
        }
    }

    private static void run(Runnable callback) {
        try {
            callback.run();
        } catch (RuntimeException e) {
            System.getLogger("dev.brisk.rest.spring").log(System.Logger.Level.WARNING,
                    "an emitter callback failed: " + e, e);
        }
    }

    private static AsyncRequestNotUsableException notUsable(Ending ended, Throwable cause) {
        String message = switch (ended) {
            case DISCONNECTED -> "the client closed the connection";
            case TIMED_OUT -> "the response timed out and has ended";
            case COMPLETED, FAILED -> "the response has ended";
        };
        return new AsyncRequestNotUsableException(message, cause);
    }

    private static Class<?> handlerInterface() {
        for (Class<?> nested : ResponseBodyEmitter.class.getDeclaredClasses()) {
            if (nested.isInterface() && nested.getSimpleName().equals("Handler")) {
                return nested;
            }
        }
        throw new IllegalStateException("this version of spring-webmvc has no ResponseBodyEmitter.Handler");
    }

    private static MethodHandle initialize() {
        try {
            Method method = ResponseBodyEmitter.class.getDeclaredMethod("initialize", HANDLER);
            method.setAccessible(true);
            return MethodHandles.lookup().unreflect(method);
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException("cannot reach ResponseBodyEmitter.initialize of this version of "
                    + "spring-webmvc: " + e, e);
        }
    }
}
