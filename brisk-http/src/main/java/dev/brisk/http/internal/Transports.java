package dev.brisk.http.internal;

import dev.brisk.http.Transport;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.uring.IoUring;
import io.netty.channel.uring.IoUringIoHandler;
import io.netty.channel.uring.IoUringServerSocketChannel;

/** Resolves {@link Transport} to Netty's I/O handler and server channel: io_uring, then epoll, then NIO. */
public final class Transports {

    /** A resolved transport. */
    public record Selected(Transport transport, IoHandlerFactory ioHandlerFactory,
                           Class<? extends ServerChannel> serverChannel) {
    }

    private Transports() {
    }

    /** The transport to use for {@code requested}; a forced one that is unavailable fails with the reason. */
    public static Selected select(Transport requested) {
        return switch (requested) {
            case AUTO -> ioUringAvailable() ? ioUring() : epollAvailable() ? epoll() : nio();
            case IO_URING -> {
                if (!ioUringAvailable()) {
                    throw new IllegalStateException("io_uring is not available: " + IoUring.unavailabilityCause());
                }
                yield ioUring();
            }
            case EPOLL -> {
                if (!epollAvailable()) {
                    throw new IllegalStateException("epoll is not available: " + Epoll.unavailabilityCause());
                }
                yield epoll();
            }
            case NIO -> nio();
        };
    }

    private static boolean ioUringAvailable() {
        try {
            return IoUring.isAvailable();
        } catch (Throwable t) {
            return false;
        }
    }

    private static boolean epollAvailable() {
        try {
            return Epoll.isAvailable();
        } catch (Throwable t) {
            return false;
        }
    }

    private static Selected ioUring() {
        return new Selected(Transport.IO_URING, IoUringIoHandler.newFactory(), IoUringServerSocketChannel.class);
    }

    private static Selected epoll() {
        return new Selected(Transport.EPOLL, EpollIoHandler.newFactory(), EpollServerSocketChannel.class);
    }

    private static Selected nio() {
        return new Selected(Transport.NIO, NioIoHandler.newFactory(), NioServerSocketChannel.class);
    }
}
