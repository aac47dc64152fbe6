package dev.brisk.transport;

import dev.brisk.transport.internal.BriskEventLoop;
import dev.brisk.transport.internal.BriskEventLoopGroup;

import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoEventLoopGroup;
import io.netty.channel.IoHandler;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollDatagramChannel;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.kqueue.KQueue;
import io.netty.channel.kqueue.KQueueDatagramChannel;
import io.netty.channel.kqueue.KQueueIoHandler;
import io.netty.channel.kqueue.KQueueServerSocketChannel;
import io.netty.channel.kqueue.KQueueSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.DatagramChannel;
import io.netty.channel.socket.ServerSocketChannel;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioDatagramChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.channel.unix.UnixChannelOption;
import io.netty.channel.uring.IoUring;
import io.netty.channel.uring.IoUringDatagramChannel;
import io.netty.channel.uring.IoUringIoHandler;
import io.netty.channel.uring.IoUringServerSocketChannel;
import io.netty.channel.uring.IoUringSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.internal.ThreadExecutorMap;

import java.util.Locale;
import java.util.Objects;

/**
 * Transport selection and event loop groups, the same for every Brisk server and client: {@link Transport#AUTO}
 * resolves to epoll, then kqueue, then NIO, whichever is first available (io_uring only when asked for by name); a
 * transport asked for by name that this machine cannot run fails with the reason. The system property
 * {@value #TRANSPORT_PROPERTY} (one of {@code auto}, {@code io_uring}, {@code epoll}, {@code kqueue}, {@code nio})
 * replaces that rule for the whole JVM, so operators choose without changing code: {@code nio} for the fastest start,
 * {@code io_uring} for the most throughput on a recent kernel. The channel classes of a transport are found here too,
 * also for an {@link EventLoopGroup} an application shares with Brisk.
 */
public final class Transports {

    /** The system property that decides what {@link Transport#AUTO} means. */
    public static final String TRANSPORT_PROPERTY = "brisk.transport";

    private Transports() {
    }

    /** The concrete transport for {@code requested}; fails with the reason when a named one is unavailable. */
    public static Transport resolve(Transport requested) {
        Objects.requireNonNull(requested, "transport");
        if (requested == Transport.AUTO) {
            Transport configured = configuredDefault();
            if (configured != null) {
                return resolve(configured);
            }
            for (Transport candidate : new Transport[] {Transport.EPOLL, Transport.KQUEUE}) {
                if (isAvailable(candidate)) {
                    return candidate;
                }
            }
            return Transport.NIO;
        }
        if (!isAvailable(requested)) {
            throw new IllegalStateException(requested + " transport is not available on this machine: "
                    + unavailabilityCause(requested));
        }
        return requested;
    }

    private static Transport configuredDefault() {
        String value = System.getProperty(TRANSPORT_PROPERTY);
        if (value == null || value.isBlank()) {
            return null;
        }
        String name = value.trim().toUpperCase(Locale.ROOT).replace('-', '_');
        try {
            Transport transport = Transport.valueOf(name);
            return transport == Transport.AUTO ? null : transport;
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("system property " + TRANSPORT_PROPERTY + " must be one of auto, io_uring,"
                    + " epoll, kqueue, nio; was '" + value + "'");
        }
    }

    /** Whether this machine can run {@code transport} ({@link Transport#AUTO} always can). */
    public static boolean isAvailable(Transport transport) {
        try {
            return switch (transport) {
                case AUTO, NIO -> true;
                case IO_URING -> IoUring.isAvailable();
                case EPOLL -> Epoll.isAvailable();
                case KQUEUE -> KQueue.isAvailable();
            };
        } catch (Throwable t) {
            // a missing native library surfaces as a linkage error on some platforms
            return false;
        }
    }

    private static String unavailabilityCause(Transport transport) {
        try {
            Throwable cause = switch (transport) {
                case IO_URING -> IoUring.unavailabilityCause();
                case EPOLL -> Epoll.unavailabilityCause();
                case KQUEUE -> KQueue.unavailabilityCause();
                case AUTO, NIO -> null;
            };
            return cause == null ? "unknown" : cause.toString();
        } catch (Throwable t) {
            return t.toString();
        }
    }

    /**
     * A new group of {@code threads} event loops on {@code transport} (resolved first), its threads named
     * {@code namePrefix-<group>-<n>}; daemon threads do not keep the JVM alive (a client's), others do (a server's).
     */
    public static MultiThreadIoEventLoopGroup newGroup(Transport transport, int threads, String namePrefix,
                                                       boolean daemon) {
        if (threads < 1) {
            throw new IllegalArgumentException("event loop threads must be at least 1, was " + threads);
        }
        return new BriskEventLoopGroup(threads, new DefaultThreadFactory(namePrefix, daemon),
                ioHandlerFactory(transport));
    }

    /** Netty's I/O handler factory of a transport (resolved first). */
    public static IoHandlerFactory ioHandlerFactory(Transport transport) {
        return switch (resolve(transport)) {
            case IO_URING -> IoUringIoHandler.newFactory();
            case EPOLL -> EpollIoHandler.newFactory();
            case KQUEUE -> KQueueIoHandler.newFactory();
            case AUTO, NIO -> NioIoHandler.newFactory();
        };
    }

    /**
     * Runs {@code action} on the calling thread's event loop as soon as its current I/O pass ends, ahead of the tasks
     * queued meanwhile (a server hands the requests a read pass decoded to its workers that way); false, with nothing
     * done, when the caller is not one of the event loops of {@link #newGroup} inside an I/O pass: queue it then.
     */
    public static boolean runAfterIo(Runnable action) {
        return ThreadExecutorMap.currentExecutor() instanceof BriskEventLoop loop && loop.runAfterIo(action);
    }

    /**
     * The transport the event loops of {@code group} run on, for a group an application shares with Brisk; fails for
     * a group whose I/O type Brisk does not know.
     */
    public static Transport of(EventLoopGroup group) {
        Objects.requireNonNull(group, "group");
        if (group instanceof IoEventLoopGroup io) {
            if (io.isIoType(NioIoHandler.class)) {
                return Transport.NIO;
            }
            for (Transport candidate : new Transport[] {Transport.IO_URING, Transport.EPOLL, Transport.KQUEUE}) {
                if (isAvailable(candidate) && io.isIoType(ioHandlerType(candidate))) {
                    return candidate;
                }
            }
        }
        throw new IllegalArgumentException("unsupported event loop group " + group.getClass().getName()
                + ": Brisk runs on io_uring, epoll, kqueue or NIO groups (MultiThreadIoEventLoopGroup)");
    }

    private static Class<? extends IoHandler> ioHandlerType(Transport transport) {
        return switch (transport) {
            case IO_URING -> IoUringIoHandler.class;
            case EPOLL -> EpollIoHandler.class;
            case KQUEUE -> KQueueIoHandler.class;
            case AUTO, NIO -> NioIoHandler.class;
        };
    }

    /** The server socket channel class of a transport (resolved first). */
    public static Class<? extends ServerSocketChannel> serverChannel(Transport transport) {
        return switch (resolve(transport)) {
            case IO_URING -> IoUringServerSocketChannel.class;
            case EPOLL -> EpollServerSocketChannel.class;
            case KQUEUE -> KQueueServerSocketChannel.class;
            case AUTO, NIO -> NioServerSocketChannel.class;
        };
    }

    /** The client socket channel class of a transport (resolved first). */
    public static Class<? extends SocketChannel> socketChannel(Transport transport) {
        return switch (resolve(transport)) {
            case IO_URING -> IoUringSocketChannel.class;
            case EPOLL -> EpollSocketChannel.class;
            case KQUEUE -> KQueueSocketChannel.class;
            case AUTO, NIO -> NioSocketChannel.class;
        };
    }

    /** The datagram channel class of a transport (resolved first), for DNS resolution on the same loops. */
    public static Class<? extends DatagramChannel> datagramChannel(Transport transport) {
        return switch (resolve(transport)) {
            case IO_URING -> IoUringDatagramChannel.class;
            case EPOLL -> EpollDatagramChannel.class;
            case KQUEUE -> KQueueDatagramChannel.class;
            case AUTO, NIO -> NioDatagramChannel.class;
        };
    }

    /**
     * Whether UDP sockets of a transport (resolved first) can share one port, the kernel spreading datagrams over them
     * by their addresses ({@code SO_REUSEPORT}): the native Linux transports, epoll and io_uring.
     */
    public static boolean datagramPortSharing(Transport transport) {
        Transport resolved = resolve(transport);
        return resolved == Transport.EPOLL || resolved == Transport.IO_URING;
    }

    /** The option that lets sockets share a port ({@code SO_REUSEPORT}), where {@link #datagramPortSharing} allows. */
    public static ChannelOption<Boolean> reusePort() {
        return UnixChannelOption.SO_REUSEPORT;
    }
}
