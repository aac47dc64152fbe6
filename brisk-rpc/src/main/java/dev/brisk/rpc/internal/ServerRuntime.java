package dev.brisk.rpc.internal;

import dev.brisk.rpc.RpcServerOptions;
import dev.brisk.rpc.ServerState;
import dev.brisk.rpc.observe.RpcServerView;
import dev.brisk.rpc.spi.ProviderInfo;
import dev.brisk.rpc.spi.Registry;
import dev.brisk.transport.ProtocolDetector;
import dev.brisk.transport.TlsContexts;
import dev.brisk.transport.Transport;
import dev.brisk.transport.Transports;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.ssl.SslContext;

import io.netty.util.concurrent.EventExecutor;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;

/** A started RPC server: event loops, listening channel, workers, registrations, and the shutdown sequence. */
public final class ServerRuntime {

    /** Enough to tell an RPC hello from an HTTP request line or the HTTP/2 preface. */
    private static final int DETECTION_BYTES = 64;

    private final RpcServerOptions options;
    private final ServerContext context;
    private final EventLoopGroup acceptor;
    private final EventLoopGroup workers;
    private final Channel serverChannel;
    private final List<ExecutorService> executors;
    private final Registry registry;
    private final SharedProtocol shared;
    /** What is registered now, guarded by itself (not by this, which a shutdown holds while it drains). */
    private final List<ProviderInfo> registrations = new ArrayList<>();
    private final int port;
    private volatile ServerState state = ServerState.SERVING;
    private boolean stopped;
    private final RpcServerView view = new View();

    private ServerRuntime(RpcServerOptions options, ServerContext context, EventLoopGroup acceptor,
                          EventLoopGroup workers, Channel serverChannel, List<ExecutorService> executors,
                          Registry registry, SharedProtocol shared) {
        this.shared = shared;
        this.options = options;
        this.context = context;
        this.acceptor = acceptor;
        this.workers = workers;
        this.serverChannel = serverChannel;
        this.executors = executors;
        this.registry = registry;
        this.port = ((InetSocketAddress) serverChannel.localAddress()).getPort();
    }

    /** Binds, then registers every service; failures release everything started so far. */
    public static ServerRuntime start(RpcServerOptions options, ServerContext context, List<ExecutorService> executors,
                                      Registry registry, SharedProtocol shared) {
        Transport transport = Transports.resolve(options.transport());
        SslContext ssl = options.tls().map(tls -> TlsContexts.forServer(tls, List.of(), List.of())).orElse(null);
        EventLoopGroup acceptor = Transports.newGroup(transport, 1, "brisk-rpc-accept", false);
        EventLoopGroup workers = Transports.newGroup(transport, options.ioThreads(), "brisk-rpc-io", false);
        Channel channel;
        try {
            ServerBootstrap bootstrap = new ServerBootstrap()
                    .group(acceptor, workers)
                    .channel(Transports.serverChannel(transport))
                    .option(ChannelOption.SO_REUSEADDR, true)
                    .childOption(ChannelOption.TCP_NODELAY, true)
                    .childOption(ChannelOption.SO_KEEPALIVE, true)
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            ChannelPipeline pipeline = ch.pipeline();
                            if (ssl != null) {
                                pipeline.addLast("tls", ssl.newHandler(ch.alloc()));
                            }
                            if (shared == null) {
                                RpcPortProtocol.addHandlers(pipeline, context);
                            } else {
                                pipeline.addLast("detect", new ProtocolDetector(
                                        List.of(new RpcPortProtocol(context), shared), DETECTION_BYTES,
                                        options.idleTimeout()));
                            }
                        }
                    });
            channel = bootstrap.bind(options.host(), options.port()).syncUninterruptibly().channel();
        } catch (Exception e) {
            // Netty rethrows a failed bind's cause as it is, checked or not (BindException, NativeIoException)
            acceptor.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
            workers.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
            stopExecutors(executors);
            if (shared != null) {
                shared.close(Duration.ZERO);
            }
            throw new IllegalStateException("cannot listen on " + options.host() + ":" + options.port() + ": "
                    + e.getMessage(), e);
        }
        ServerRuntime runtime = new ServerRuntime(options, context, acceptor, workers, channel, executors, registry,
                shared);
        runtime.register();
        if (context.observer() != null) {
            context.observer().serverStarted(runtime.view);
        }
        return runtime;
    }

    private void register() {
        if (registry == null) {
            return;
        }
        String host = options.advertisedHost().orElseGet(() -> AdvertisedHost.of(options.host()));
        synchronized (registrations) {
            for (ServerService service : context.services()) {
                ProviderInfo provider = new ProviderInfo(service.model().name(), host, port, options.weight(),
                        options.version(), options.metadata(), options.group());
                registry.register(provider);
                registrations.add(provider);
            }
        }
    }

    /** Withdraws every registration; an unreachable registry drops them itself when the session ends. */
    private void unregister() {
        synchronized (registrations) {
            for (ProviderInfo provider : registrations) {
                try {
                    registry.unregister(provider);
                } catch (RuntimeException e) {
                    // the registry is unreachable: the provider disappears from it when its session ends
                }
            }
            registrations.clear();
        }
    }

    /** Where the server is in its life. */
    public ServerState state() {
        return state;
    }

    /** The wire names of the services it offers, in the order they were added. */
    public List<String> services() {
        List<String> names = new ArrayList<>();
        for (ServerService service : context.services()) {
            names.add(service.model().name());
        }
        return names;
    }

    /**
     * Unregisters every service while serving on: the port, the connections and the calls that still come stay.
     * Nothing happens unless it is serving.
     */
    public void offline() {
        synchronized (registrations) {
            if (state != ServerState.SERVING) {
                return;
            }
            unregister();
            state = ServerState.OFFLINE;
        }
    }

    /**
     * Registers every service again after {@link #offline()}; nothing happens while serving. Fails once the server
     * shuts down, and when the registry refuses (then it stays offline, with nothing registered).
     */
    public void online() {
        synchronized (registrations) {
            if (state == ServerState.SERVING) {
                return;
            }
            if (state != ServerState.OFFLINE) {
                throw new IllegalStateException("the server is " + (state == ServerState.CLOSED ? "closed"
                        : "shutting down") + ": it cannot go online again");
            }
            try {
                register();
            } catch (RuntimeException e) {
                unregister();
                throw e;
            }
            state = ServerState.SERVING;
        }
    }

    public int port() {
        return port;
    }

    public RpcServerOptions options() {
        return options;
    }

    /** Connections open now. */
    public int connections() {
        return context.channels().size();
    }

    /** Calls not run because their deadline passed before a thread could start them. */
    public long expiredCalls() {
        return context.expiredCalls();
    }

    /** The bytes of every RPC connection queued for its peer and not yet taken by the socket. */
    public long queuedBytes() {
        long queued = 0;
        for (Channel channel : context.channels()) {
            queued += WriteProgress.pending(channel);
        }
        return queued;
    }

    /** RPC connections that have stopped reading until their peers take the answers waiting for them. */
    public int pausedConnections() {
        int paused = 0;
        for (Channel channel : context.channels()) {
            ServerConnection connection = channel.pipeline().get(ServerConnection.class);
            if (connection != null && connection.paused()) {
                paused++;
            }
        }
        return paused;
    }

    /**
     * Unregisters, refuses new calls, stops accepting, sends GOAWAY on every connection, waits up to {@code timeout}
     * for the calls in flight to be answered and the clients to close their connections, then closes what is left and
     * stops the threads. Idempotent.
     */
    public synchronized void shutdown(Duration timeout) {
        if (stopped) {
            return;
        }
        for (EventExecutor loop : workers) {
            if (loop.inEventLoop()) {
                throw new IllegalStateException("close the server from a thread of your own, not from an event loop");
            }
        }
        stopped = true;
        synchronized (registrations) {
            state = ServerState.SHUTTING_DOWN;
            unregister();
        }
        // from here on a call is refused "shutting down" (the client sends it elsewhere), then the listener closes
        context.startDraining();
        serverChannel.close().syncUninterruptibly();
        long deadlineNanos = System.nanoTime() + timeout.toNanos();
        if (!timeout.isZero()) {
            for (Channel channel : context.channels()) {
                channel.writeAndFlush(Frames.empty(channel.alloc(), Frames.GOAWAY, 0));
            }
            long deadline = deadlineNanos;
            // clients close a connection once its calls are answered; the server closes what is left at the deadline
            while ((context.inFlight().get() > 0 || !context.channels().isEmpty()) && System.nanoTime() < deadline) {
                try {
                    Thread.sleep(5);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        if (shared != null) {
            // HTTP calls run on the same workers: let them finish before the workers stop
            long left = Math.max(0, deadlineNanos - System.nanoTime());
            shared.close(timeout.isZero() ? Duration.ZERO : Duration.ofNanos(left));
        }
        List<ChannelFuture> closing = new ArrayList<>();
        for (Channel channel : context.channels()) {
            closing.add(channel.close());
        }
        for (ChannelFuture future : closing) {
            future.awaitUninterruptibly(2, TimeUnit.SECONDS);
        }
        stopExecutors(executors);
        acceptor.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        workers.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        acceptor.terminationFuture().syncUninterruptibly();
        workers.terminationFuture().syncUninterruptibly();
        state = ServerState.CLOSED;
        if (context.observer() != null) {
            context.observer().serverStopped(view);
        }
    }

    /** The server's live counts, as its observers read them. */
    private final class View implements RpcServerView {

        @Override
        public int callsInFlight() {
            return context.inFlight().get();
        }

        @Override
        public int connections() {
            return ServerRuntime.this.connections();
        }

        @Override
        public long expiredCalls() {
            return ServerRuntime.this.expiredCalls();
        }

        @Override
        public String toString() {
            return "RpcServer view of port " + port;
        }
    }

    /** Stops the services' executors; calls still queued never run, and their frames are released. */
    private static void stopExecutors(List<ExecutorService> executors) {
        for (ExecutorService executor : executors) {
            for (Runnable queued : executor.shutdownNow()) {
                if (queued instanceof ServerCall call) {
                    call.discard();
                }
            }
        }
    }
}
