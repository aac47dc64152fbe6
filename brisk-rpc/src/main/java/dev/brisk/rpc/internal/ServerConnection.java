package dev.brisk.rpc.internal;

import dev.brisk.rpc.FrameTooLargeException;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.util.concurrent.ScheduledFuture;

import io.netty.channel.ChannelFutureListener;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The server's end of one connection: answers hellos and heartbeats, admits calls and hands them to their executor.
 *
 * <p>A peer that does not read its answers cannot make the server queue more than the connection's write-buffer
 * high-water mark ({@link #WATER_MARK}) plus the answers of the calls it had in flight: once the answers waiting for
 * the peer pass that mark the connection stops reading (the decoder holds the frames read ahead) until they drain
 * below the low mark; heartbeats, error answers and results all count; and a connection whose peer takes none of
 * those bytes for {@link dev.brisk.rpc.RpcServerOptions#writeTimeout()} is closed.
 */
public final class ServerConnection extends ChannelInboundHandlerAdapter {

    /**
     * The outbound bytes above which a connection stops reading, and below which it reads again: room for the answers
     * of the many calls one connection multiplexes (at 64 KiB, 32 callers of a 3 KiB answer paused a healthy
     * connection often enough to cost a quarter more CPU per call), and a bound on what a peer that reads nothing costs.
     */
    public static final WriteBufferWaterMark WATER_MARK = new WriteBufferWaterMark(256 * 1024, 512 * 1024);

    private final ServerContext context;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final WriteProgress progress = new WriteProgress();
    private ChannelHandlerContext decoderContext;
    private FrameDecoder decoder;
    private volatile boolean paused;
    private long stalledSince;
    private ScheduledFuture<?> stallCheck;

    public ServerConnection(ServerContext context) {
        this.context = context;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        decoder = ctx.pipeline().get(FrameDecoder.class);
        decoderContext = decoder == null ? null : ctx.pipeline().context(decoder);
        if (ctx.channel().isActive()) {
            // added once a shared port recognised the connection: it is active already
            opened(ctx);
        }
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) throws Exception {
        opened(ctx);
        super.channelActive(ctx);
    }

    private void opened(ChannelHandlerContext ctx) {
        if (!context.channels().add(ctx.channel())) {
            return;
        }
        if (context.draining()) {
            ctx.writeAndFlush(Frames.empty(ctx.alloc(), Frames.GOAWAY, 0));
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        context.channels().remove(ctx.channel());
        cancelStallCheck();
        super.channelInactive(ctx);
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        cancelStallCheck();
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) throws Exception {
        if (!ctx.channel().isWritable()) {
            pause(ctx);
        } else if (paused) {
            // not from inside the write that drained the buffer, which may run within the decoder's own read
            ctx.executor().execute(() -> resume(ctx));
        }
        super.channelWritabilityChanged(ctx);
    }

    /** Stops reading: the answers waiting for the peer passed the high-water mark. */
    private void pause(ChannelHandlerContext ctx) {
        if (paused) {
            return;
        }
        paused = true;
        if (decoder != null) {
            decoder.pause();
        }
        ctx.channel().config().setAutoRead(false);
        long timeout = context.options().writeTimeout().toNanos();
        if (timeout > 0) {
            progress.advanced(ctx.channel());
            stalledSince = System.nanoTime();
            long period = Math.max(TimeUnit.MILLISECONDS.toNanos(10), timeout / 4);
            stallCheck = ctx.executor().scheduleWithFixedDelay(() -> checkStall(ctx, timeout), period, period,
                    TimeUnit.NANOSECONDS);
        }
    }

    /** Reads again, first the frames read ahead, once the answers drained below the low-water mark. */
    private void resume(ChannelHandlerContext ctx) {
        if (!paused || !ctx.channel().isWritable() || !ctx.channel().isActive()) {
            return;
        }
        paused = false;
        cancelStallCheck();
        ctx.channel().config().setAutoRead(true);
        if (decoder != null) {
            try {
                decoder.resume(decoderContext);
            } catch (Exception e) {
                ctx.close();
            }
        }
    }

    /** Closes a paused connection whose peer has taken no byte for {@code timeout} nanoseconds. */
    private void checkStall(ChannelHandlerContext ctx, long timeout) {
        if (!paused) {
            return;
        }
        if (progress.advanced(ctx.channel())) {
            stalledSince = System.nanoTime();
        } else if (System.nanoTime() - stalledSince >= timeout) {
            cancelStallCheck();
            ctx.close();
        }
    }

    private void cancelStallCheck() {
        if (stallCheck != null) {
            stallCheck.cancel(false);
            stallCheck = null;
        }
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        try {
            read(ctx, msg);
        } finally {
            // the flag is current, while the event may still be queued behind this read (answers written by workers
            // announce it later): without this check one read batch of refusals could pass the mark many times over
            if (!paused && !ctx.channel().isWritable()) {
                pause(ctx);
            }
        }
    }

    private void read(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof FrameDecoder.OversizedFrame oversized) {
            oversized(ctx, oversized);
            return;
        }
        ByteBuf frame = (ByteBuf) msg;
        boolean handedOver = false;
        try {
            byte typeAndFlags = frame.readByte();
            int requestId = frame.readInt();
            int type = Frames.type(typeAndFlags);
            int flags = typeAndFlags & 0xF0;
            boolean isRequest = type == Frames.REQUEST || type == Frames.ONE_WAY;
            if ((flags & ~(isRequest ? context.acceptedRequestFlags() : 0)) != 0) {
                if (type == Frames.REQUEST) {
                    ctx.writeAndFlush(Frames.error(ctx.alloc(), requestId, ErrorCode.BAD_REQUEST, null,
                            "frame flags 0x" + Integer.toHexString(flags) + " are not supported"));
                }
                return;
            }
            switch (type) {
                case Frames.HELLO -> hello(ctx, frame);
                case Frames.HEARTBEAT -> heartbeat(ctx, requestId);
                case Frames.REQUEST, Frames.ONE_WAY -> handedOver = request(ctx, frame, requestId, flags,
                        type == Frames.ONE_WAY);
                default -> {
                    // responses, errors and goaways are not the server's to receive; ignore them
                }
            }
        } finally {
            if (!handedOver) {
                frame.release();
            }
        }
    }

    /**
     * Answers a heartbeat, each one: a peer that floods heartbeats and reads no answer fills the connection's buffer
     * like any other, and is then no longer read (coalescing the answers would leave it free to keep the event loop
     * busy reading).
     */
    private void heartbeat(ChannelHandlerContext ctx, int requestId) {
        ctx.writeAndFlush(Frames.empty(ctx.alloc(), Frames.HEARTBEAT, requestId));
    }

    private void hello(ChannelHandlerContext ctx, ByteBuf frame) {
        frame.skipBytes(Math.min(4, frame.readableBytes()));   // the client's protocol version
        String theirs = frame.readableBytes() >= 4 ? Frames.readString(frame) : "fory";
        String ours = context.serializer().name();
        if (!ours.equals(theirs)) {
            ctx.writeAndFlush(Frames.error(ctx.alloc(), 0, ErrorCode.BAD_REQUEST, null, "serializer mismatch: the"
                    + " server uses '" + ours + "', the client '" + theirs + "'; choose the same serializer on both"
                    + " sides")).addListener(ChannelFutureListener.CLOSE);
            return;
        }
        byte[] table = context.table();
        ByteBuf answer = Frames.start(ctx.alloc(), Frames.HELLO, 0, Frames.HEADER_SIZE + table.length);
        answer.writeBytes(table);
        ctx.writeAndFlush(Frames.finish(answer, Integer.MAX_VALUE, "hello"));
    }

    private boolean request(ChannelHandlerContext ctx, ByteBuf frame, int requestId, int flags, boolean oneWay) {
        int serviceId = frame.readInt();
        int methodId = frame.readInt();
        long arrival = System.nanoTime();
        int remainingMillis = (flags & Frames.FLAG_DEADLINE) != 0 ? frame.readInt() : 0;
        long wallClockDeadline = (flags & Frames.FLAG_WALL_CLOCK_DEADLINE) != 0 ? frame.readLong() : 0;
        String traceId = (flags & Frames.FLAG_TRACING) != 0 ? Frames.readString(frame) : null;
        MethodInvoker invoker = context.invoker(serviceId, methodId);
        if (invoker == null) {
            refuse(ctx, requestId, oneWay, ErrorCode.UNKNOWN_METHOD, "no method " + methodId + " in service "
                    + serviceId + " on this server");
            return false;
        }
        if (context.draining()) {
            refuse(ctx, requestId, oneWay, ErrorCode.SHUTTING_DOWN, "the server is shutting down");
            return false;
        }
        long callerLeft = 0;
        if (remainingMillis > 0) {
            long left = TimeUnit.MILLISECONDS.toNanos(remainingMillis);
            if (wallClockDeadline != 0) {
                long wallLeft = TimeUnit.MILLISECONDS.toNanos(wallClockDeadline - System.currentTimeMillis());
                if (wallLeft <= 0) {
                    context.expired();
                    refuse(ctx, requestId, oneWay, ErrorCode.TIMEOUT, invoker.model() + " was not run: the caller's"
                            + " deadline had passed " + TimeUnit.NANOSECONDS.toMillis(-wallLeft) + " ms before the"
                            + " server read the call (wall clock)");
                    return false;
                }
                left = Math.min(left, wallLeft);
            }
            callerLeft = left;
        }
        int limit = context.options().maxInFlightPerConnection();
        if (inFlight.incrementAndGet() > limit) {
            inFlight.decrementAndGet();
            refuse(ctx, requestId, oneWay, ErrorCode.OVERLOADED, "more than " + limit
                    + " calls in flight on this connection (maxInFlightPerConnection)");
            return false;
        }
        ByteBuf arguments = frame;
        if ((flags & Frames.FLAG_COMPRESSED) != 0) {
            try {
                arguments = Frames.inflateBody(frame, context.options().maxFrameSize(), "request");
            } catch (FrameTooLargeException e) {
                inFlight.decrementAndGet();
                refuse(ctx, requestId, oneWay, ErrorCode.FRAME_TOO_LARGE, e.getMessage());
                return false;
            } catch (RuntimeException e) {
                inFlight.decrementAndGet();
                refuse(ctx, requestId, oneWay, ErrorCode.BAD_REQUEST, e.getMessage());
                return false;
            }
            frame.release(); // the call reads the inflated copy, which needs no release
        }
        context.inFlight().incrementAndGet();
        ServerCall call = new ServerCall(ctx, context, invoker, requestId, arguments, oneWay, arrival, callerLeft,
                traceId, inFlight::decrementAndGet, context.inFlight()::decrementAndGet);
        if (invoker.executor() == null) {
            call.run();
            return true;
        }
        try {
            invoker.executor().execute(call);
        } catch (RejectedExecutionException e) {
            call.reject(ErrorCode.OVERLOADED, "the worker queue of " + invoker.model().method().getDeclaringClass()
                    .getSimpleName() + " is full");
        }
        return true;
    }

    private void refuse(ChannelHandlerContext ctx, int requestId, boolean oneWay, ErrorCode code, String message) {
        if (!oneWay) {
            ctx.writeAndFlush(Frames.error(ctx.alloc(), requestId, code, null, message));
        }
    }

    private void oversized(ChannelHandlerContext ctx, FrameDecoder.OversizedFrame frame) {
        if (frame.type() == Frames.REQUEST) {
            ctx.writeAndFlush(Frames.error(ctx.alloc(), frame.requestId(), ErrorCode.FRAME_TOO_LARGE, null,
                    "request of " + frame.size() + " bytes exceeds the server's frame size limit of " + frame.limit()
                            + " bytes (maxFrameSize)"));
        } else if (frame.type() != Frames.ONE_WAY) {
            ctx.close();
        }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
        if (event instanceof IdleStateEvent) {
            if (!paused) {
                // a paused connection reads nothing by the server's choice: the write deadline decides for it
                ctx.close();
            }
            return;
        }
        super.userEventTriggered(ctx, event);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }

    /** Whether the connection has stopped reading until its answers drain. */
    public boolean paused() {
        return paused;
    }

    /** Calls of this connection accepted and not yet answered. */
    public int inFlight() {
        return inFlight.get();
    }
}
