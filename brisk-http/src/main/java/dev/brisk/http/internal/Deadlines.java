package dev.brisk.http.internal;

import dev.brisk.http.ServerOptions;
import io.netty.channel.ChannelHandlerContext;

import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The phase deadlines of a server's connections, in ticks of one periodic check per connection: a connection counts
 * its ticks and remembers the tick at which each phase started, so keeping time costs nothing per request. The period
 * is a quarter of the shortest timeout, between 10 ms and 1 s; a deadline therefore fires up to one period late.
 */
public final class Deadlines {

    private static final long MIN_PERIOD = TimeUnit.MILLISECONDS.toNanos(10);
    private static final long MAX_PERIOD = TimeUnit.SECONDS.toNanos(1);

    private final long periodNanos;
    private final long handshakeNanos;
    private final long detectionNanos;
    /** Timeouts in ticks. */
    public final long header;
    public final long idle;
    public final long body;
    public final long write;
    public final long settingsAck;
    private final long minBodyDataRate;

    Deadlines(ServerOptions options) {
        long shortest = Math.min(Math.min(options.headerReadTimeout().toNanos(), options.idleTimeout().toNanos()),
                Math.min(Math.min(options.bodyReadTimeout().toNanos(), options.writeTimeout().toNanos()),
                        options.settingsAckTimeout().toNanos()));
        periodNanos = Math.max(MIN_PERIOD, Math.min(MAX_PERIOD, shortest / 4));
        handshakeNanos = options.handshakeTimeout().toNanos();
        detectionNanos = Math.min(handshakeNanos, options.headerReadTimeout().toNanos());
        header = ticks(options.headerReadTimeout());
        idle = ticks(options.idleTimeout());
        body = ticks(options.bodyReadTimeout());
        write = ticks(options.writeTimeout());
        settingsAck = ticks(options.settingsAckTimeout());
        minBodyDataRate = options.minBodyDataRate();
    }

    private long ticks(Duration timeout) {
        return Math.max(1, (timeout.toNanos() + periodNanos - 1) / periodNanos);
    }

    /** Runs {@code tick} once per period on the connection's event loop until cancelled. */
    public ScheduledFuture<?> start(ChannelHandlerContext ctx, Runnable tick) {
        return ctx.executor().scheduleWithFixedDelay(tick, periodNanos, periodNanos, TimeUnit.NANOSECONDS);
    }

    /** Closes the connection of {@code ctx} unless it is past the TLS handshake and ALPN within the handshake timeout. */
    public ScheduledFuture<?> handshakeDeadline(ChannelHandlerContext ctx) {
        return closeAfter(ctx, handshakeNanos);
    }

    /**
     * Closes a cleartext connection whose first bytes do not tell HTTP/1.1 from the HTTP/2 preface in time: those
     * bytes are the start of its first request, so the request head deadline applies too.
     */
    public ScheduledFuture<?> detectionDeadline(ChannelHandlerContext ctx) {
        return closeAfter(ctx, detectionNanos);
    }

    private static ScheduledFuture<?> closeAfter(ChannelHandlerContext ctx, long nanos) {
        return ctx.executor().schedule(() -> {
            if (ctx.channel().isActive()) {
                ctx.channel().close();
            }
        }, nanos, TimeUnit.NANOSECONDS);
    }

    public long handshakeMillis() {
        return TimeUnit.NANOSECONDS.toMillis(handshakeNanos);
    }

    /**
     * Whether a body that received {@code bytes} over {@code activeTicks} ticks (paused time excluded) is below the
     * minimum data rate; never before one second has passed, never when no minimum is set.
     */
    public boolean tooSlow(long bytes, long activeTicks) {
        if (minBodyDataRate == 0) {
            return false;
        }
        double seconds = activeTicks * (double) periodNanos / 1e9;
        return seconds >= 1 && bytes < minBodyDataRate * seconds;
    }
}
