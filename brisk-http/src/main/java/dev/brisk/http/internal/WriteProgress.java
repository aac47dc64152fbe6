package dev.brisk.http.internal;

import io.netty.channel.Channel;
import io.netty.channel.ChannelOutboundBuffer;

/**
 * Tells, tick by tick, for how long a connection's outbound buffer has held bytes without any of them reaching the
 * socket: the peer does not read. More bytes queued by the application is not progress; fewer pending bytes, a new
 * current message or progress within it is. Used on the connection's event loop.
 */
public final class WriteProgress {

    private long lastPending;
    private Object lastCurrent;
    private long lastProgress;
    private long stalledTicks;

    /** Called once per tick: the number of consecutive ticks without progress while bytes were pending. */
    public long stalledTicks(Channel channel) {
        ChannelOutboundBuffer out = channel.unsafe().outboundBuffer();
        long pending = out == null ? 0 : out.totalPendingWriteBytes();
        if (pending == 0) {
            lastPending = 0;
            lastCurrent = null;
            stalledTicks = 0;
            return 0;
        }
        Object current = out.current();
        long progress = out.currentProgress();
        if (pending < lastPending || current != lastCurrent || progress != lastProgress) {
            stalledTicks = 0;
        } else {
            stalledTicks++;
        }
        lastPending = pending;
        lastCurrent = current;
        lastProgress = progress;
        return stalledTicks;
    }
}
