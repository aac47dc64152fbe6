package dev.brisk.rpc.internal;

import io.netty.channel.Channel;
import io.netty.channel.ChannelOutboundBuffer;

/**
 * Tells, look by look, whether any of a connection's outbound bytes reached the socket since the last look: fewer
 * pending bytes, another message at the head of the queue or progress within it. More bytes queued by the server is not
 * progress. Used on the connection's event loop.
 */
final class WriteProgress {

    private long lastPending = -1;
    private Object lastCurrent;
    private long lastProgress;

    /** Whether the peer took bytes since the previous call (or nothing is pending). */
    boolean advanced(Channel channel) {
        ChannelOutboundBuffer out = channel.unsafe().outboundBuffer();
        long pending = out == null ? 0 : out.totalPendingWriteBytes();
        if (pending == 0) {
            lastPending = 0;
            lastCurrent = null;
            return true;
        }
        Object current = out.current();
        long progress = out.currentProgress();
        boolean advanced = lastPending < 0 || pending < lastPending || current != lastCurrent
                || progress != lastProgress;
        lastPending = pending;
        lastCurrent = current;
        lastProgress = progress;
        return advanced;
    }

    /** Bytes queued on {@code channel} and not yet taken by the socket. */
    static long pending(Channel channel) {
        ChannelOutboundBuffer out = channel.unsafe().outboundBuffer();
        return out == null ? 0 : out.totalPendingWriteBytes();
    }
}
