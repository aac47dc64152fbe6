package dev.brisk.http.internal.bootstrap;

import dev.brisk.http.Http2Options;
import dev.brisk.http.HttpHandler;
import dev.brisk.http.ServerMetrics;
import dev.brisk.http.ServerOptions;
import dev.brisk.http.internal.DrainEvent;
import dev.brisk.http.internal.ServerContext;
import dev.brisk.http.internal.http3.Http3Listener;
import dev.brisk.transport.QuicAvailability;
import dev.brisk.transport.TlsContexts;
import dev.brisk.transport.TlsOptions;
import dev.brisk.transport.Transport;
import dev.brisk.transport.Transports;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.handler.codec.http2.Http2SecurityUtil;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.SslContext;

import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.SingleThreadEventExecutor;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A started server: its event loops, its listening channel (and, with HTTP/3, its UDP socket), and the graceful
 * shutdown sequence.
 */
public final class ServerRuntime {

    /** Ephemeral port numbers tried for HTTP/3 and TLS together before giving up. */
    private static final int EPHEMERAL_ATTEMPTS = 8;

    private final ServerOptions options;
    private final ServerContext context;
    private final EventLoopGroup acceptor;
    private final EventLoopGroup workers;
    private final Channel serverChannel;
    /** The HTTP/3 socket, or null when HTTP/3 is off. */
    private final Http3Listener http3;
    private final int port;
    private final Transport transport;
    private final Thread shutdownHook;
    private volatile boolean stopped;

    private ServerRuntime(ServerOptions options, ServerContext context, EventLoopGroup acceptor,
                          EventLoopGroup workers, Channel serverChannel, Http3Listener http3, Transport transport) {
        this.options = options;
        this.transport = transport;
        this.context = context;
        this.acceptor = acceptor;
        this.workers = workers;
        this.serverChannel = serverChannel;
        this.http3 = http3;
        this.port = ((InetSocketAddress) serverChannel.localAddress()).getPort();
        if (options.shutdownHook()) {
            shutdownHook = new Thread(() -> shutdown(options.shutdownTimeout()), "brisk-http-shutdown");
            Runtime.getRuntime().addShutdownHook(shutdownHook);
        } else {
            shutdownHook = null;
        }
    }

    /** Binds and returns once the port is open; failures release everything started so far. */
    public static ServerRuntime start(ServerOptions options, HttpHandler handler) {
        Transport transport = Transports.resolve(options.transport());
        ServerContext context = new ServerContext(options, handler,
                options.tls().map(tls -> sslContext(tls, options.http2())).orElse(null));
        EventLoopGroup acceptor = Transports.newGroup(transport, 1, "brisk-accept", false);
        EventLoopGroup workers = Transports.newGroup(transport, options.ioThreads(), "brisk-io", false);
        ServerBootstrap bootstrap = new ServerBootstrap()
                .group(acceptor, workers)
                .channel(Transports.serverChannel(transport))
                .option(ChannelOption.SO_BACKLOG, options.backlog())
                .option(ChannelOption.SO_REUSEADDR, true)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childOption(ChannelOption.SO_KEEPALIVE, true)
                .childOption(ChannelOption.WRITE_BUFFER_WATER_MARK, new WriteBufferWaterMark(
                        options.writeBufferLowWaterMark(), options.writeBufferHighWaterMark()))
                .childHandler(new ServerInitializer(context));
        // an ephemeral port number UDP chose for HTTP/3 and the TLS listener may be taken on TCP: both try another
        boolean sharedEphemeral = options.http3().enabled() && options.http3().port() < 0 && options.port() == 0;
        for (int attempt = 1; ; attempt++) {
            Http3Listener http3 = null;
            int port = options.port();
            if (options.http3().enabled()) {
                try {
                    http3 = startHttp3(options, context, workers, transport);
                } catch (RuntimeException e) {
                    acceptor.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
                    workers.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
                    throw e;
                }
                if (options.http3().port() < 0) {
                    port = http3.port(); // the TLS listener's port number, ephemeral or not
                }
            }
            try {
                Channel channel = bootstrap.bind(options.host(), port).syncUninterruptibly().channel();
                return new ServerRuntime(options, context, acceptor, workers, channel, http3, transport);
            } catch (Exception e) {
                // Netty rethrows a failed bind's cause as it is, checked or not (BindException, NativeIoException)
                if (http3 != null) {
                    http3.close();
                }
                if (sharedEphemeral && attempt < EPHEMERAL_ATTEMPTS) {
                    continue;
                }
                acceptor.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
                workers.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
                throw new IllegalStateException("cannot listen on " + options.host() + ":" + port + ": "
                        + e.getMessage(), e);
            }
        }
    }

    public int port() {
        return port;
    }

    /** The UDP port of HTTP/3, or -1 when it is off. */
    public int http3Port() {
        return http3 == null ? -1 : http3.port();
    }

    /**
     * Binds the HTTP/3 socket before the TLS listener, so that the Alt-Svc value is set before the first TCP
     * connection is accepted: on its own port, or on the TLS port number (an ephemeral one chosen by UDP first).
     */
    private static Http3Listener startHttp3(ServerOptions options, ServerContext context, EventLoopGroup workers,
                                            Transport transport) {
        QuicAvailability.ensureAvailable("HTTP/3");
        int udpPort = options.http3().port() >= 0 ? options.http3().port() : options.port();
        Http3Listener listener;
        try {
            listener = Http3Listener.bind(context, options.tls().orElseThrow(), workers, transport, options.host(),
                    udpPort);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw e; // QUIC unavailable, or TLS options it cannot serve: the message says which
        } catch (Exception e) {
            // a failed bind's cause, checked or not (BindException, NativeIoException)
            throw new IllegalStateException("cannot listen for HTTP/3 on UDP " + options.host() + ":" + udpPort
                    + ": " + e.getMessage(), e);
        }
        context.advertiseHttp3(listener.port());
        return listener;
    }

    public ServerOptions options() {
        return options;
    }

    public ServerMetrics metrics() {
        return context.tracker();
    }

    /** The transport the event loops use ({@link Transport#AUTO} resolved). */
    public Transport transport() {
        return transport;
    }

    private static void pause(Duration delay) {
        try {
            Thread.sleep(delay.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // go on with the shutdown at once
        }
    }

    /** Whether a graceful shutdown has begun (its delay included). */
    public boolean draining() {
        return context.shutdownBegun();
    }

    /** Tasks queued on each worker event loop, in loop order (-1 where the loop does not tell). */
    public List<Integer> pendingTasks() {
        List<Integer> pending = new ArrayList<>();
        for (EventExecutor loop : workers) {
            pending.add(loop instanceof SingleThreadEventExecutor single
                    ? single.pendingTasks() : -1);
        }
        return pending;
    }

    /**
     * Stops accepting, asks every connection to finish its in-flight requests and close, waits for that up to
     * {@code timeout}, closes what is left, then stops the event loops. Idempotent.
     */
    public synchronized void shutdown(Duration timeout) {
        if (stopped) {
            return;
        }
        if (isEventLoopThread()) {
            throw new IllegalStateException("close the server from a thread of your own, not from a handler's "
                    + "event loop: it waits for the event loops to stop");
        }
        stopped = true;
        if (shutdownHook != null && Thread.currentThread() != shutdownHook) {
            try {
                Runtime.getRuntime().removeShutdownHook(shutdownHook);
            } catch (IllegalStateException alreadyShuttingDown) {
                // the JVM is exiting; the hook runs anyway
            }
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        if (!timeout.isZero() && !options.shutdownDelay().isZero()) {
            // readiness turns DOWN while everything still works, so that load balancers stop sending traffic
            context.beginShutdown();
            pause(options.shutdownDelay().compareTo(timeout) < 0 ? options.shutdownDelay() : timeout);
        }
        serverChannel.close().syncUninterruptibly();
        context.startDraining();
        if (!timeout.isZero()) {
            for (Channel channel : context.tracker().channels()) {
                channel.pipeline().fireUserEventTriggered(DrainEvent.INSTANCE);
            }
            while (!context.tracker().channels().isEmpty() && System.nanoTime() < deadline) {
                try {
                    Thread.sleep(5);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        List<Channel> left = new ArrayList<>(context.tracker().channels());
        List<ChannelFuture> closing = new ArrayList<>(left.size());
        for (Channel channel : left) {
            closing.add(channel.close());
        }
        // Let the closes finish on their event loops before the loops stop, so no read buffer is left behind.
        long closeDeadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
        for (ChannelFuture future : closing) {
            long remaining = closeDeadline - System.nanoTime();
            if (remaining <= 0 || !future.awaitUninterruptibly(remaining, TimeUnit.NANOSECONDS)) {
                break;
            }
        }
        if (http3 != null) {
            http3.close();
        }
        acceptor.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        workers.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        acceptor.terminationFuture().syncUninterruptibly();
        workers.terminationFuture().syncUninterruptibly();
    }

    private boolean isEventLoopThread() {
        for (EventExecutor loop : workers) {
            if (loop.inEventLoop()) {
                return true;
            }
        }
        return acceptor.next().inEventLoop();
    }

    /** ALPN offers h2 first when HTTP/2 is on, with the cipher suites HTTP/2 allows unless the options name others. */
    static SslContext sslContext(TlsOptions tls, Http2Options http2) {
        return http2.enabled()
                ? TlsContexts.forServer(tls, List.of(ApplicationProtocolNames.HTTP_2, ApplicationProtocolNames.HTTP_1_1),
                        Http2SecurityUtil.CIPHERS)
                : TlsContexts.forServer(tls, List.of(ApplicationProtocolNames.HTTP_1_1), List.of());
    }
}
