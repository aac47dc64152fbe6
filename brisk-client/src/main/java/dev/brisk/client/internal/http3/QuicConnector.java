package dev.brisk.client.internal.http3;

import dev.brisk.client.ClientConnectException;
import dev.brisk.client.ClientConnectTimeoutException;
import dev.brisk.client.TlsHandshakeException;
import dev.brisk.client.internal.exchange.ConnectionSettings;
import dev.brisk.client.internal.exchange.Failures;
import dev.brisk.client.internal.pool.ConnectionOwner;
import dev.brisk.client.internal.pool.HostKey;
import dev.brisk.client.internal.pool.PooledConnection;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http3.Http3;
import io.netty.handler.codec.http3.Http3ClientConnectionHandler;
import io.netty.handler.codec.quic.QuicChannel;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.Promise;

import javax.net.ssl.SSLException;
import java.net.InetSocketAddress;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Opens the HTTP/3 connections of one host on one event loop: resolves the host, binds a UDP socket of the
 * connection's own, runs the QUIC handshake (TLS 1.3, ALPN {@code h3}, the origin's host name as SNI and for
 * certificate verification) and sets up Netty's HTTP/3 connection handler with an {@link Http3Connection} after it.
 * Everything is bounded by the timeout given to {@link #open}. Runs on its loop. Not API.
 */
final class QuicConnector implements QuicOpener {

    /** Flow-control windows the client grants: 16 MiB for the connection, 1 MiB per stream (as the TCP side). */
    private static final long CONNECTION_WINDOW = 16L * 1024 * 1024;
    private static final long STREAM_WINDOW = 1024 * 1024;
    /**
     * Receive and send buffers of the connection's UDP socket, as the server's. The server sends a window's worth of
     * datagrams in bursts; with the kernel's default buffer (about 200 KiB) datagrams that arrive while the event loop
     * is busy elsewhere are dropped, and QUIC's loss recovery then cuts the server's sending rate. The kernel caps the
     * size at {@code net.core.rmem_max} / {@code wmem_max}.
     */
    private static final int SOCKET_BUFFER = 4 * 1024 * 1024;

    private final QuicClient client;
    private final ConnectionSettings settings;
    private final HostKey key;
    private final EventLoop loop;
    private final ConnectionOwner owner;

    QuicConnector(QuicClient client, ConnectionSettings settings, EventLoop loop, ConnectionOwner owner) {
        this.client = client;
        this.settings = settings;
        this.key = settings.key();
        this.loop = loop;
        this.owner = owner;
    }

    @Override
    public Future<PooledConnection> open(int port, long timeoutMillis, int attempt) {
        Attempt attemptState = new Attempt(port, timeoutMillis, attempt);
        attemptState.start();
        return attemptState.ready;
    }

    private ChannelHandler codec(int port) {
        return Http3.newQuicClientCodecBuilder()
                .sslEngineProvider(quic -> client.sslContext().newEngine(quic.alloc(), key.host(), port))
                .maxIdleTimeout(client.idleTimeoutMillis(), TimeUnit.MILLISECONDS)
                .initialMaxData(CONNECTION_WINDOW)
                .initialMaxStreamDataBidirectionalLocal(STREAM_WINDOW)
                .initialMaxStreamDataBidirectionalRemote(STREAM_WINDOW)
                .initialMaxStreamDataUnidirectional(STREAM_WINDOW)
                .initialMaxStreamsUnidirectional(Http3.MIN_INITIAL_MAX_STREAMS_UNIDIRECTIONAL)
                .activeMigration(false)
                .build();
    }

    /** One connection attempt, from name resolution to a usable connection. */
    private final class Attempt {
        private final int port;
        private final long timeoutMillis;
        private final int number;
        private final Promise<PooledConnection> ready = loop.newPromise();
        private ScheduledFuture<?> timer;
        private Channel datagram;
        private QuicChannel quic;

        Attempt(int port, long timeoutMillis, int number) {
            this.port = port;
            this.timeoutMillis = timeoutMillis;
            this.number = number;
        }

        void start() {
            timer = loop.schedule(() -> fail(new ClientConnectTimeoutException(key.toString(), timeoutMillis, number,
                    null)), timeoutMillis, TimeUnit.MILLISECONDS);
            InetSocketAddress origin = key.address();
            InetSocketAddress target = origin.isUnresolved() ? InetSocketAddress.createUnresolved(key.host(), port)
                    : new InetSocketAddress(origin.getAddress(), port);
            if (!target.isUnresolved()) {
                bind(target);
                return;
            }
            client.resolver().getResolver(loop).resolve(target).addListener(f -> {
                if (f.isSuccess()) {
                    bind((InetSocketAddress) f.getNow());
                } else {
                    fail(Failures.connectFailure(key, f.cause(), timeoutMillis, number));
                }
            });
        }

        private void bind(InetSocketAddress target) {
            if (ready.isDone()) {
                return;
            }
            ChannelFuture bound = new Bootstrap().group(loop).channel(client.datagramChannel())
                    .option(ChannelOption.SO_RCVBUF, SOCKET_BUFFER)
                    .option(ChannelOption.SO_SNDBUF, SOCKET_BUFFER)
                    .handler(codec(port))
                    .bind(0);
            datagram = bound.channel();
            client.track(datagram);
            bound.addListener(f -> {
                if (!f.isSuccess()) {
                    fail(Failures.connectFailure(key, f.cause(), timeoutMillis, number));
                    return;
                }
                connect(target);
            });
        }

        private void connect(InetSocketAddress target) {
            if (ready.isDone()) {
                return;
            }
            Http3Connection connection = new Http3Connection(settings, owner, datagram);
            QuicChannel.newBootstrap(datagram)
                    .handler(new ChannelInitializer<QuicChannel>() {
                        @Override
                        protected void initChannel(QuicChannel channel) {
                            channel.pipeline().addLast(new Http3ClientConnectionHandler(connection.new ControlFrames(),
                                    null, null, null, true));
                            channel.pipeline().addLast("connection", connection);
                        }
                    })
                    .remoteAddress(target)
                    .connect()
                    .addListener(f -> {
                        if (f.isSuccess()) {
                            quic = (QuicChannel) f.getNow();
                            connection.streamsKnown().addListener(known -> {
                                if (known.isSuccess()) {
                                    succeed(connection);
                                } else {
                                    fail(typed(known.cause()));
                                }
                            });
                        } else {
                            fail(typed(f.cause()));
                        }
                    });
        }

        private void succeed(Http3Connection connection) {
            cancelTimer();
            connection.handedOver();
            if (!ready.trySuccess(connection)) {
                connection.close();
            }
        }

        private void fail(Throwable cause) {
            cancelTimer();
            if (ready.tryFailure(cause)) {
                if (quic != null) {
                    quic.close();
                }
                if (datagram != null) {
                    datagram.close();
                }
            }
        }

        private void cancelTimer() {
            if (timer != null) {
                timer.cancel(false);
                timer = null;
            }
        }

        private Throwable typed(Throwable cause) {
            for (Throwable t = cause; t != null; t = t.getCause()) {
                if (t instanceof SSLException) {
                    return new TlsHandshakeException(key.toString(), "QUIC TLS handshake with " + key + " (UDP port "
                            + port + ") failed: " + t.getMessage(), cause);
                }
            }
            return new ClientConnectException(key.toString(), "cannot open an HTTP/3 connection to " + key
                    + " (UDP port " + port + "): " + cause, cause);
        }
    }
}
