package dev.brisk.transport;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;

/**
 * One protocol of a port that serves several: it recognises a connection by its first bytes and then sets up the
 * connection's pipeline. A {@link ProtocolDetector} asks each protocol of the port in turn.
 */
public interface PortProtocol {

    /** What a protocol makes of the first bytes of a connection. */
    enum Match {
        /** These bytes open this protocol. */
        YES,
        /** These bytes cannot open this protocol. */
        NO,
        /** Too few bytes to tell. */
        NEED_MORE
    }

    /**
     * Looks at the bytes received so far (from {@code opening}'s reader index, never moving it); called again with
     * more bytes while it answers {@link Match#NEED_MORE}.
     */
    Match matches(ByteBuf opening);

    /**
     * Sets up the connection once it is recognised: appends its handlers to the end of {@code channel}'s pipeline
     * (the channel is already active). The bytes read so far are passed to them next.
     */
    void open(Channel channel);
}
