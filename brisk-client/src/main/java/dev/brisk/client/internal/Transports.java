package dev.brisk.client.internal;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoEventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollDatagramChannel;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.DatagramChannel;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioDatagramChannel;
import io.netty.channel.socket.nio.NioSocketChannel;

/** Picks the socket transport: epoll when available and wanted, NIO otherwise. */
final class Transports {

    /** A transport: how to build event loops, and the channel classes that run on them. */
    record Selected(String name, IoHandlerFactory ioHandlerFactory, Class<? extends SocketChannel> socketChannel,
                           Class<? extends DatagramChannel> datagramChannel) {
    }

    private static final Selected NIO = new Selected("nio", null, NioSocketChannel.class, NioDatagramChannel.class);

    private Transports() {
    }

    /** The transport for a group the client creates. */
    static Selected select(boolean nativeTransport) {
        if (nativeTransport && epollAvailable()) {
            return new Selected("epoll", EpollIoHandler.newFactory(), EpollSocketChannel.class,
                    EpollDatagramChannel.class);
        }
        return new Selected("nio", NioIoHandler.newFactory(), NioSocketChannel.class, NioDatagramChannel.class);
    }

    /** The channel classes matching a group given by the application. */
    static Selected forGroup(EventLoopGroup group) {
        if (group instanceof IoEventLoopGroup io) {
            if (epollAvailable() && io.isIoType(EpollIoHandler.class)) {
                return new Selected("epoll", null, EpollSocketChannel.class, EpollDatagramChannel.class);
            }
            if (io.isIoType(NioIoHandler.class)) {
                return NIO;
            }
            throw new IllegalArgumentException("unsupported event loop group " + group.getClass().getName()
                    + ": the client runs on NIO or epoll groups");
        }
        return NIO;
    }

    private static boolean epollAvailable() {
        try {
            return Epoll.isAvailable();
        } catch (Throwable t) {
            return false;
        }
    }
}
