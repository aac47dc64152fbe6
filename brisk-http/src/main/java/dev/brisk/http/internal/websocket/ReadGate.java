package dev.brisk.http.internal.websocket;

import io.netty.channel.Channel;

import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Whether a WebSocket connection reads from its socket: it does unless some reason holds reading back, each reason
 * raised and lowered independently. Reasons change on any thread; the channel's {@code autoRead} follows them on the
 * event loop, so concurrent changes cannot leave it out of step.
 */
final class ReadGate {

    /** Too many endpoint callbacks wait for the executor. */
    static final int CALLBACKS = 1;
    /** The connection's outbound buffer is above its high-water mark: the peer does not read what it provoked. */
    static final int OUTPUT = 2;

    private final Channel channel;
    private final AtomicInteger reasons = new AtomicInteger();

    ReadGate(Channel channel) {
        this.channel = channel;
    }

    /** Stops reading for {@code reason} (until {@link #lower} of the same reason). */
    void raise(int reason) {
        if ((reasons.getAndUpdate(r -> r | reason) & reason) == 0) {
            apply();
        }
    }

    /** Drops {@code reason}; reading resumes when no other reason holds it back. */
    void lower(int reason) {
        if ((reasons.getAndUpdate(r -> r & ~reason) & reason) != 0) {
            apply();
        }
    }

    boolean isRaised(int reason) {
        return (reasons.get() & reason) != 0;
    }

    private void apply() {
        if (channel.eventLoop().inEventLoop()) {
            channel.config().setAutoRead(reasons.get() == 0);
        } else {
            try {
                channel.eventLoop().execute(this::apply);
            } catch (RejectedExecutionException stopped) {
                // the event loop is gone with its connection: nothing is read any more
            }
        }
    }
}
