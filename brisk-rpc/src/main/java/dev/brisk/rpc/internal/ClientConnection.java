package dev.brisk.rpc.internal;

import dev.brisk.rpc.ConnectionLostException;
import dev.brisk.rpc.FrameTooLargeException;
import dev.brisk.rpc.RpcException;
import dev.brisk.rpc.RpcTimeoutException;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.timeout.IdleStateEvent;

import io.netty.handler.timeout.IdleState;
import java.util.ArrayList;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One of a client's connections to a provider, kept open for the client's lifetime: it connects, says hello and
 * learns the server's method table, multiplexes calls by request id, sends heartbeats when idle, stops taking calls on
 * GOAWAY, and reconnects with exponential backoff whenever it is lost.
 */
public final class ClientConnection {

    /** Where a connection is in its life. */
    public enum State {
        /** Connecting, saying hello, or waiting to reconnect. */
        CONNECTING,
        /** Takes calls. */
        READY,
        /** The server said GOAWAY: calls in flight finish, new ones go elsewhere. */
        DRAINING,
        /** Closed for good (its provider left, or the client closed). */
        CLOSED
    }

    private final ClientRuntime runtime;
    private final ProviderPool pool;
    private final Map<Integer, PendingCall> pending = new ConcurrentHashMap<>();
    private final AtomicInteger nextId = new AtomicInteger();
    private volatile Channel channel;
    private volatile State state = State.CONNECTING;
    private volatile Map<String, Long> table = Map.of();
    /** Whether the server's hello asked for the caller's wall-clock deadline with each call. */
    private volatile boolean wallClockDeadlines;
    private volatile RpcException refusal;
    private long backoffNanos;

    ClientConnection(ClientRuntime runtime, ProviderPool pool) {
        this.runtime = runtime;
        this.pool = pool;
        this.backoffNanos = runtime.options().reconnectInitialBackoff().toNanos();
    }

    ProviderPool pool() {
        return pool;
    }

    State state() {
        return state;
    }

    /** Calls awaiting their answer. */
    int inFlight() {
        return pending.size();
    }

    /** {@code serviceId << 32 | methodId} of a {@link Handshake#key}, {@code null} when the server lacks it. */
    Long ids(String key) {
        return table.get(key);
    }

    /** Why the server refused the last hello (another serializer), {@code null} once one was accepted. */
    RpcException refusal() {
        return refusal;
    }

    /** Whether the server offers the service at all. */
    boolean offers(String service) {
        return table.containsKey(service);
    }

    void connect() {
        if (state == State.CLOSED) {
            return;
        }
        state = State.CONNECTING;
        runtime.connect(pool.host(), pool.port(), new Link()).addListener(future -> {
            if (!future.isSuccess()) {
                scheduleReconnect();
            }
        });
    }

    private void scheduleReconnect() {
        if (state == State.CLOSED || runtime.closed()) {
            return;
        }
        long delay;
        synchronized (this) {
            delay = backoffNanos;
            backoffNanos = Math.min(backoffNanos * 2, runtime.options().reconnectMaxBackoff().toNanos());
        }
        runtime.group().next().schedule(this::connect, delay, TimeUnit.NANOSECONDS);
    }

    /**
     * Sends one call that may wait {@code timeoutNanos} for its answer ({@code limitMillis} is the call's whole limit, for
     * the message); the future completes with the result or a typed failure.
     */
    CompletableFuture<Object> send(MethodModel method, long ids, Object[] arguments, String traceId,
                                   long timeoutNanos, long limitMillis) {
        Channel ch = channel;
        if (ch == null || state != State.READY) {
            return CompletableFuture.failedFuture(new NotSentException("connection to " + pool.address()
                    + " is not ready"));
        }
        int requestId = nextId.incrementAndGet();
        boolean wallClock = wallClockDeadlines;
        byte type = (byte) ((method.oneWay() ? Frames.ONE_WAY : Frames.REQUEST) | Frames.FLAG_DEADLINE
                | (wallClock ? Frames.FLAG_WALL_CLOCK_DEADLINE : 0) | (traceId != null ? Frames.FLAG_TRACING : 0));
        ByteBuf frame = Frames.start(ch.alloc(), type, requestId, 64);
        try {
            frame.writeInt((int) (ids >>> 32));
            frame.writeInt((int) ids);
            frame.writeInt((int) Math.max(1, Math.min(Integer.MAX_VALUE,
                    TimeUnit.NANOSECONDS.toMillis(timeoutNanos + 999_999))));
            if (wallClock) {
                frame.writeLong(System.currentTimeMillis() + TimeUnit.NANOSECONDS.toMillis(timeoutNanos + 999_999));
            }
            if (traceId != null) {
                Frames.writeString(frame, traceId);
            }
            int bodyStart = frame.writerIndex();
            for (Object argument : arguments) {
                runtime.serializer().write(frame, argument);
            }
            frame = Frames.deflateBody(frame, bodyStart, runtime.options().compressionThreshold(), ch.alloc());
            Frames.finish(frame, runtime.options().maxFrameSize(), "request");
        } catch (FrameTooLargeException e) {
            return CompletableFuture.failedFuture(e);
        } catch (Throwable t) {
            frame.release();
            return CompletableFuture.failedFuture(new RpcException("cannot serialize the arguments of " + method
                    + ": " + t, t));
        }
        if (method.oneWay()) {
            CompletableFuture<Object> sent = new CompletableFuture<>();
            ch.writeAndFlush(frame).addListener(written -> {
                if (written.isSuccess()) {
                    sent.complete(null);
                } else {
                    sent.completeExceptionally(new NotSentException("one-way call to " + pool.address()
                            + " not sent: " + written.cause()));
                }
            });
            return sent;
        }
        PendingCall call = new PendingCall(requestId, method.resultType());
        pending.put(requestId, call);
        call.timer = ch.eventLoop().schedule(() -> {
            if (pending.remove(requestId, call)) {
                call.fail(new RpcTimeoutException(method + " on " + pool.address() + " did not answer within "
                        + limitMillis + " ms"));
            }
        }, timeoutNanos, TimeUnit.NANOSECONDS);
        ch.writeAndFlush(frame).addListener(written -> {
            if (written.isSuccess()) {
                call.written = true;
            } else if (pending.remove(requestId, call)) {
                call.fail(new NotSentException("call to " + pool.address() + " not sent: " + written.cause()));
            }
        });
        return call.future;
    }

    /**
     * Takes no more calls and never reconnects, but leaves the channel open until the calls in flight are answered (or
     * the call timeout has passed once more): the provider left the registry, which a server does first when it shuts
     * down gracefully.
     */
    void retire() {
        state = State.CLOSED;
        Channel ch = channel;
        if (ch != null) {
            long deadline = System.nanoTime() + runtime.options().callTimeout().toNanos();
            closeWhenIdle(ch, deadline);
        }
    }

    private void closeWhenIdle(Channel ch, long deadline) {
        if (pending.isEmpty() || System.nanoTime() - deadline >= 0 || !ch.isActive()) {
            ch.close();
            return;
        }
        ch.eventLoop().schedule(() -> closeWhenIdle(ch, deadline), 20, TimeUnit.MILLISECONDS);
    }

    /** Closes for good; calls in flight fail. */
    void close() {
        state = State.CLOSED;
        Channel ch = channel;
        if (ch != null) {
            ch.close();
        }
        failAll(new ConnectionLostException("connection to " + pool.address() + " closed by the client"));
    }

    private void failAll(RpcException failure) {
        for (PendingCall call : new ArrayList<>(pending.values())) {
            if (pending.remove(call.requestId, call)) {
                call.fail(failure);
            }
        }
    }

    /** The handler of one channel of this connection; events of a replaced channel are ignored. */
    final class Link extends ChannelInboundHandlerAdapter {

        private int silentIntervals;
        private boolean goneAway;
        private boolean heartbeatQueued;

        @Override
        public void channelActive(ChannelHandlerContext ctx) throws Exception {
            if (state == State.CLOSED) {
                ctx.close();
                return;
            }
            channel = ctx.channel();
            ByteBuf hello = Frames.start(ctx.alloc(), Frames.HELLO, 0, Frames.HEADER_SIZE + 32);
            hello.writeInt(Frames.PROTOCOL_VERSION);
            Frames.writeString(hello, runtime.serializer().name());
            ctx.writeAndFlush(Frames.finish(hello, Integer.MAX_VALUE, "hello"));
            super.channelActive(ctx);
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) throws Exception {
            if (channel == ctx.channel()) {
                channel = null;
                if (state != State.CLOSED) {
                    state = State.CONNECTING;
                }
                // a call whose frame never went out (it raced the close, say after a GOAWAY) never ran: it may be
                // sent elsewhere, where a call in transit may not
                for (PendingCall call : new ArrayList<>(pending.values())) {
                    if (pending.remove(call.requestId, call)) {
                        call.fail(call.written ? new ConnectionLostException("connection to " + pool.address()
                                + " lost while the call awaited its answer")
                                : new NotSentException("call to " + pool.address() + " not sent: the connection "
                                + "closed first"));
                    }
                }
                scheduleReconnect();
            }
            super.channelInactive(ctx);
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            silentIntervals = 0;
            if (msg instanceof FrameDecoder.OversizedFrame oversized) {
                PendingCall call = pending.remove(oversized.requestId());
                if (call != null) {
                    call.fail(FrameTooLargeException.of("response from " + pool.address(), oversized.size(),
                            oversized.limit()));
                } else {
                    ctx.close();
                }
                return;
            }
            ByteBuf frame = (ByteBuf) msg;
            try {
                byte typeAndFlags = frame.readByte();
                int requestId = frame.readInt();
                switch (Frames.type(typeAndFlags)) {
                    case Frames.RESPONSE -> response(requestId, frame, (typeAndFlags & Frames.FLAG_COMPRESSED) != 0);
                    case Frames.ERROR -> error(requestId, frame);
                    case Frames.HELLO -> hello(frame);
                    case Frames.GOAWAY -> goAway(ctx);
                    default -> {
                        // heartbeat answers need nothing more than having arrived
                    }
                }
            } finally {
                frame.release();
            }
        }

        /**
         * Drains the connection: the client closes once its calls are answered, so nothing is in transit when the
         * socket goes. Only the first GOAWAY counts: a server repeating it starts no further watch.
         */
        private void goAway(ChannelHandlerContext ctx) {
            if (state == State.READY) {
                state = State.DRAINING;
            }
            if (!goneAway) {
                goneAway = true;
                closeWhenIdle(ctx.channel(), System.nanoTime() + runtime.options().callTimeout().toNanos());
            }
        }

        private void hello(ByteBuf frame) {
            Map<String, Long> methods = Handshake.readTable(frame);
            int features = Handshake.readFeatures(frame);
            String[] labels = Handshake.readLabels(frame, features);
            table = methods;
            wallClockDeadlines = (features & Handshake.FEATURE_WALL_CLOCK_DEADLINE) != 0;
            refusal = null;
            pool.hello(labels == null ? new ProviderHello(methods, null, null)
                    : new ProviderHello(methods, labels[0], labels[1]));
            runtime.routesChanged();   // which methods and versions it serves may have changed
            if (state == State.CONNECTING) {
                state = State.READY;
                synchronized (ClientConnection.this) {
                    backoffNanos = runtime.options().reconnectInitialBackoff().toNanos();
                }
                pool.connectionReady();
                runtime.signalReady();
            }
        }

        private void response(int requestId, ByteBuf frame, boolean compressed) {
            PendingCall call = pending.remove(requestId);
            if (call == null) {
                return;
            }
            Object value;
            try {
                ByteBuf body = compressed ? Frames.inflateBody(frame, runtime.options().maxFrameSize(),
                        "response from " + pool.address()) : frame;
                value = runtime.serializer().read(body, call.resultType);
            } catch (FrameTooLargeException e) {
                call.fail(e);
                return;
            } catch (Throwable t) {
                call.fail(new RpcException("cannot read the result from " + pool.address() + ": " + t, t));
                return;
            }
            call.complete(value);
        }

        private void error(int requestId, ByteBuf frame) {
            PendingCall call = pending.remove(requestId);
            if (call == null) {
                if (requestId == 0 && state == State.CONNECTING) {
                    // the server refused the hello (another serializer) and closes: calls fail with its reason
                    frame.readUnsignedByte();
                    Frames.readString(frame);
                    refusal = new RpcException("provider " + pool.address() + " refused the connection: "
                            + Frames.readString(frame));
                    runtime.signalReady();   // calls waiting for a connection fail with the reason now
                }
                return;
            }
            ErrorCode code = ErrorCode.of(frame.readUnsignedByte());
            String type = Frames.readString(frame);
            String message = Frames.readString(frame);
            call.fail(RemoteErrors.toException(code, type, message, pool.address(), runtime.allowed()));
        }

        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
            if (event instanceof IdleStateEvent idle) {
                if (idle.state() == IdleState.READER_IDLE && ++silentIntervals >= 3) {
                    ctx.close();
                    return;
                }
                if (!heartbeatQueued) {
                    // one at a time: a server that reads nothing does not make heartbeats pile up here
                    heartbeatQueued = true;
                    ctx.writeAndFlush(Frames.empty(ctx.alloc(), Frames.HEARTBEAT, 0))
                            .addListener(written -> heartbeatQueued = false);
                }
                return;
            }
            super.userEventTriggered(ctx, event);
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }
    }
}
