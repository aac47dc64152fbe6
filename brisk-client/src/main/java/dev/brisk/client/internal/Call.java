package dev.brisk.client.internal;

import dev.brisk.client.internal.exchange.Exchange;
import dev.brisk.client.internal.exchange.Failures;
import dev.brisk.client.internal.exchange.Lease;
import dev.brisk.client.internal.exchange.ReceivedResponse;
import dev.brisk.client.internal.exchange.RequestBody;
import dev.brisk.client.internal.exchange.RequestHeads;
import dev.brisk.client.internal.exchange.ResponseStream;
import dev.brisk.client.internal.pool.ChildPool;
import dev.brisk.client.internal.pool.HostKey;
import dev.brisk.client.internal.pool.HostPool;
import dev.brisk.client.internal.pool.PoolCounters;
import dev.brisk.client.internal.pool.Waiter;
import dev.brisk.client.AcquireTimeoutException;
import dev.brisk.client.CallTimeoutException;
import dev.brisk.client.ConnectionClosedException;
import dev.brisk.client.HttpClientException;
import dev.brisk.client.HttpRequest;
import dev.brisk.client.HttpResponse;
import dev.brisk.client.RedirectLoopException;
import dev.brisk.client.RetryPolicy;
import dev.brisk.client.TooManyRedirectsException;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;

import java.net.URI;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * One logical call on one event loop: leases a connection, sends, and follows redirects and retries until it can
 * complete its future. Runs on its loop only (cancellation and the call timeout are moved onto it), so its state needs
 * no synchronisation. Owns the encoded body and releases it when it ends, however it ends. The pools see it as a
 * {@link Waiter}, the connections as an {@link Exchange}.
 */
public final class Call implements Runnable, Exchange, Waiter {

    private final ClientRuntime runtime;
    private final CompletableFuture<HttpResponse> result;
    private final boolean streamed;
    private final MetricsReporter metrics;
    private final long startNanos;
    private final HostKey firstKey;
    private final HttpMethod firstMethod;
    private HttpRequest request;
    /** {@link #request} without the cookie jar's cookies: what a redirect is planned from. */
    private HttpRequest planned;
    private final CookieJar cookies;
    private RequestBody body;
    private HostKey key;
    private HostPool hostPool;
    private int loopIndex;
    private volatile EventLoop loop;

    private boolean started;
    private boolean done;
    private int retries;
    private boolean freshConnection;
    /** Whether an attempt has handed the request to a connection: from then on it may have reached the server. */
    private volatile boolean mayHaveSent;
    private int redirects;
    private List<URI> chain;
    private Set<String> visited;
    private Lease connection;
    private ChildPool askedPool;
    /** The pool whose idle connection the caller reserved for this call, until the call runs on its loop. */
    private ChildPool claim;
    private PoolCounters leasedFrom;
    private ChildPool waitingOn;
    private ScheduledFuture<?> acquireTimer;
    private ScheduledFuture<?> callTimer;
    private ScheduledFuture<?> backoffTimer;

    Call(ClientRuntime runtime, HttpRequest request, RequestBody body, HostKey key, HostPool hostPool, int loopIndex,
         CompletableFuture<HttpResponse> result, boolean streamed) {
        this.runtime = runtime;
        this.cookies = runtime.cookies();
        this.planned = request;
        this.request = cookies == null ? request : cookies.addCookies(request);
        this.body = body;
        this.key = key;
        this.hostPool = hostPool;
        this.loopIndex = loopIndex;
        this.loop = runtime.loop(loopIndex);
        this.result = result;
        this.streamed = streamed;
        this.metrics = runtime.metrics();
        this.startNanos = metrics == null ? 0 : System.nanoTime();
        this.firstKey = key;
        this.firstMethod = request.method();
    }

    /** Whether the caller reads the final response's body as it arrives. */
    @Override
    public boolean streamed() {
        return streamed;
    }

    /** Whether a response with {@code status} is a redirect this call follows (its body is then read whole). */
    @Override
    public boolean follows(int status) {
        HttpRequest.Settings settings = request.settings();
        return RedirectPlanner.isRedirect(status) && settings.followRedirects() && settings.maxRedirects() > 0;
    }

    EventLoop loop() {
        return loop;
    }

    @Override
    public HttpRequest request() {
        return request;
    }

    @Override
    public RequestBody body() {
        return body;
    }

    /** Whether the call has ended or its caller stopped waiting. */
    @Override
    public boolean isDone() {
        return done || result.isDone();
    }

    /** Whether the next attempt should use a new connection rather than an idle one. */
    @Override
    public boolean wantsFreshConnection() {
        return freshConnection;
    }

    /**
     * Marks this call as sent to its loop for an idle connection of {@code pool} that the caller reserved with
     * {@link ChildPool#tryClaimIdle()}; the reservation ends once the call has asked the pool for a connection.
     */
    void claimed(ChildPool pool) {
        this.claim = pool;
    }

    /** Starts the call on its loop, or resumes it after a backoff or a move to another loop. */
    @Override
    public void run() {
        ChildPool claimedPool = claim;
        if (claimedPool == null) {
            proceed();
            return;
        }
        claim = null;
        try {
            proceed();
        } finally {
            claimedPool.unclaim(); // after the acquire: the idle count it published already tells other threads
        }
    }

    private void proceed() {
        if (backoffTimer != null) {
            runtime.resumedAfterBackoff(this);
        }
        backoffTimer = null;
        if (done) {
            return;
        }
        if (result.isDone()) {
            fail(new CancellationException("call cancelled"));
            return;
        }
        if (!started) {
            started = true;
            long timeout = request.settings().callTimeout().toNanos();
            if (timeout > 0) {
                callTimer = loop.schedule(this::callTimedOut, timeout, TimeUnit.NANOSECONDS);
            }
        }
        acquire();
    }

    private void acquire() {
        for (;;) {
            ChildPool pool = hostPool.child(loopIndex);
            if (pool != null) {
                hostPool.touch(System.nanoTime());
                askedPool = pool;
                if (pool.acquire(this)) {
                    return;
                }
            }
            if (!switchHost(key)) {
                return;
            }
            if (loopIndex >= hostPool.width()) {
                moveToLoop();
                return;
            }
        }
    }

    /** Looks the host pool up again (first use of a host, or the old pool expired); false when the call failed. */
    private boolean switchHost(HostKey newKey) {
        try {
            hostPool = runtime.registry().get(newKey);
            key = hostPool.key();
            return true;
        } catch (HttpClientException e) {
            fail(e);
            return false;
        }
    }

    private void moveToLoop() {
        loopIndex = runtime.chooseLoop(hostPool.width());
        loop = runtime.loop(loopIndex);
        try {
            loop.execute(this);
        } catch (RejectedExecutionException e) {
            fail(Failures.clientClosed(key));
        }
    }

    /** The pool queued this call; the acquire timeout starts. */
    @Override
    public void onQueued(ChildPool pool) {
        waitingOn = pool;
        acquireTimer = loop.schedule(this::acquireTimedOut, runtime.acquireTimeoutNanos(), TimeUnit.NANOSECONDS);
    }

    /** The pool took this call out of its queue. */
    @Override
    public void onDequeued() {
        waitingOn = null;
        ScheduledFuture<?> timer = acquireTimer;
        if (timer != null) {
            acquireTimer = null;
            timer.cancel(false);
        }
    }

    @Override
    public void onAcquired(Lease leased) {
        onDequeued();
        if (isDone()) {
            leased.releaseUnused();
            fail(new CancellationException("call cancelled"));
            return;
        }
        connection = leased;
        leasedFrom = askedPool.counters();
        leasedFrom.leased();
        freshConnection = false;
        if (!mayHaveSent) {
            mayHaveSent = true;
        }
        leased.send(this);
    }

    /** The lease ended, however it ended: the pool counts it as no longer active. */
    private Lease leaseEnded() {
        Lease leased = connection;
        if (leased != null) {
            connection = null;
            leasedFrom.returned();
            leasedFrom = null;
        }
        return leased;
    }

    @Override
    public void onAcquireFailed(Throwable cause) {
        onDequeued();
        failOrRetry(cause);
    }

    @Override
    public void onExchangeFailed(Throwable cause) {
        leaseEnded();
        failOrRetry(cause);
    }

    @Override
    public void onResponse(HttpResponse response) {
        if (response instanceof ResponseStream stream && connection != null) {
            connection = null; // the stream holds the connection until its body ends: it stays active until then
            stream.holdLease(leasedFrom);
            leasedFrom = null;
        } else {
            leaseEnded();
        }
        if (done) {
            if (response instanceof ResponseStream stream) {
                stream.close();
            }
            return;
        }
        if (cookies != null) {
            cookies.store(request.uri(), response.headers());
        }
        if (response instanceof ReceivedResponse received) {
            received.decodeAdvices(runtime.decodeAdvices());
        } else if (response instanceof ResponseStream stream) {
            stream.decodeAdvices(runtime.decodeAdvices());
        }
        if (response instanceof ReceivedResponse received && follows(received.status())) {
            redirect(received);
        } else {
            complete(response);
        }
    }

    private void redirect(ReceivedResponse response) {
        HttpRequest next = RedirectPlanner.next(planned, response.status(),
                response.headers().first(HttpHeaderNames.LOCATION).orElse(null));
        if (next == null || next.bodyOrNull() != null && !body.replayable()) {
            complete(response); // nothing to follow, or a streamed body that cannot be sent again
            return;
        }
        if (chain == null) {
            chain = new ArrayList<>(4);
            chain.add(request.uri());
            visited = new HashSet<>();
            visited.add(signature(request));
        }
        chain.add(next.uri());
        if (redirects >= request.settings().maxRedirects()) {
            fail(new TooManyRedirectsException(key.toString(), request.settings().maxRedirects(), chain));
            return;
        }
        if (!visited.add(signature(next))) {
            fail(new RedirectLoopException(key.toString(), next.uri(), chain));
            return;
        }
        redirects++;
        HostKey nextKey;
        try {
            nextKey = Origins.key(next.uri());
        } catch (RuntimeException e) {
            fail(e);
            return;
        }
        if (next.bodyOrNull() == null && body != RequestBody.EMPTY) {
            body.release();
            body = RequestBody.EMPTY;
        }
        planned = next;
        request = cookies == null ? next : cookies.addCookies(next);
        if (!nextKey.equals(key)) {
            if (!switchHost(nextKey)) {
                return;
            }
            if (loopIndex >= hostPool.width()) {
                moveToLoop();
                return;
            }
        }
        acquire();
    }

    private static String signature(HttpRequest request) {
        URI uri = request.uri();
        return request.method().name() + ' ' + uri.getScheme() + "://" + uri.getRawAuthority()
                + RequestHeads.target(uri);
    }

    private void failOrRetry(Throwable cause) {
        if (done) {
            return;
        }
        if (result.isDone()) {
            fail(cause);
            return;
        }
        RetryPolicy policy = request.settings().retryPolicy();
        if (retries < policy.maxRetries() && body.replayable() && shouldRetry(policy, cause)) {
            retries++;
            freshConnection = cause instanceof ConnectionClosedException closed
                    && closed.reusedConnection();
            long delay = policy.backoffNanos(retries);
            if (delay > 0) {
                runtime.backingOff(this);
                backoffTimer = loop.schedule(this, delay, TimeUnit.NANOSECONDS);
            } else {
                acquire();
            }
            return;
        }
        fail(cause);
    }

    private boolean shouldRetry(RetryPolicy policy, Throwable cause) {
        try {
            return policy.condition().shouldRetry(request, cause);
        } catch (RuntimeException e) {
            cause.addSuppressed(e);
            return false;
        }
    }

    private void acquireTimedOut() {
        acquireTimer = null;
        if (waitingOn == null || done) {
            return;
        }
        waitingOn.removeWaiter(this);
        waitingOn = null;
        fail(new AcquireTimeoutException(key.toString(), TimeUnit.NANOSECONDS.toMillis(runtime.acquireTimeoutNanos())));
    }

    private void callTimedOut() {
        abort(new CallTimeoutException(key.toString(), request.settings().callTimeout().toMillis(), mayHaveSent));
    }

    /** The number of the attempt under way: 1 for the first, 2 for the first retry. */
    @Override
    public int attempt() {
        return retries + 1;
    }

    /** Whether an attempt has handed the request to a connection (so bytes of it may have reached the server). */
    boolean mayHaveSent() {
        return mayHaveSent;
    }

    /** Ends the call with {@code reason} from any thread: closes its connection or leaves the queue. */
    void abort(Throwable reason) {
        EventLoop current = loop;
        if (current.inEventLoop()) {
            fail(reason);
            return;
        }
        try {
            current.execute(() -> abort(reason));
        } catch (RejectedExecutionException e) {
            result.completeExceptionally(reason);
        }
    }

    /** The call could not be scheduled at all (client closing). */
    void rejected(Throwable reason) {
        done = true;
        body.release();
        if (metrics != null) {
            metrics.callFailed(firstKey, firstMethod, reason, startNanos);
        }
        result.completeExceptionally(reason);
    }

    private void complete(HttpResponse response) {
        if (done) {
            return;
        }
        done = true;
        cleanup();
        if (metrics != null) {
            metrics.callCompleted(firstKey, firstMethod, response.status(), response.protocol(), startNanos);
        }
        if (!result.complete(response) && response instanceof ResponseStream stream) {
            stream.close(); // the caller stopped waiting: nobody will read this body
        }
    }

    private void fail(Throwable cause) {
        if (done) {
            return;
        }
        done = true;
        cleanup();
        if (metrics != null) {
            metrics.callFailed(firstKey, firstMethod, cause, startNanos);
        }
        result.completeExceptionally(cause);
    }

    private void cleanup() {
        if (backoffTimer != null) {
            runtime.resumedAfterBackoff(this);
        }
        cancel(callTimer);
        cancel(acquireTimer);
        cancel(backoffTimer);
        callTimer = acquireTimer = backoffTimer = null;
        if (waitingOn != null) {
            waitingOn.removeWaiter(this);
            waitingOn = null;
        }
        Lease leased = leaseEnded();
        if (leased != null) {
            leased.abort();
        }
        body.release();
    }

    private static void cancel(ScheduledFuture<?> timer) {
        if (timer != null) {
            timer.cancel(false);
        }
    }
}
