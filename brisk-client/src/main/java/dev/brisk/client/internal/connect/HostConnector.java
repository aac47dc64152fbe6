package dev.brisk.client.internal.connect;

import dev.brisk.client.ClientOptions;
import dev.brisk.client.ProtocolPolicy;
import dev.brisk.client.internal.exchange.ConnectionSettings;
import dev.brisk.client.internal.exchange.Failures;
import dev.brisk.client.internal.http3.AlternativeService;
import dev.brisk.client.internal.http3.QuicClient;
import dev.brisk.client.internal.http3.QuicOpener;
import dev.brisk.client.internal.pool.ConnectionOwner;
import dev.brisk.client.internal.pool.Connector;
import dev.brisk.client.internal.pool.HostKey;
import dev.brisk.client.internal.pool.PooledConnection;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoop;
import io.netty.handler.proxy.ProxyHandler;
import io.netty.handler.ssl.SslHandler;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.Promise;

import java.util.concurrent.TimeUnit;

/**
 * Opens the connections of one host on one event loop (the connections of one child pool): connect through the
 * client's bootstrap (through the proxy when it applies to the host), then {@link ConnectionSetup} takes each to a
 * protocol; or QUIC for HTTP/3, when chosen or advertised by the host (see {@link ProtocolPolicy#H3_ALT_SVC}). The connections it makes report to the pool's {@link ConnectionOwner}. Runs on its loop.
 */
public final class HostConnector implements Connector {

    private final ConnectContext client;
    private final HostKey key;
    private final EventLoop loop;
    private final ConnectionOwner owner;
    private final boolean proxied;
    private final Bootstrap bootstrap;
    private final ConnectionSettings settings;
    private final boolean mayMultiplex;
    private boolean skipH2cUpgrade;
    /** Opens QUIC connections; null when this host gets none. */
    private final QuicOpener quic;
    /** Whether every connection is QUIC ({@link ProtocolPolicy#H3}); else QUIC only for an advertised alternative. */
    private final boolean quicOnly;
    /** The host's advertised HTTP/3 alternative; null unless {@link ProtocolPolicy#H3_ALT_SVC} applies. */
    private final AlternativeService alternative;

    public HostConnector(ConnectContext client, HostKey key, EventLoop loop, ConnectionOwner owner) {
        this.client = client;
        this.key = key;
        this.loop = loop;
        this.owner = owner;
        this.proxied = client.proxied(key);
        this.bootstrap = client.bootstrap(proxied).clone(loop).handler(new Initializer());
        ClientOptions options = client.options();
        ProtocolPolicy protocol = options.protocol();
        QuicClient quicClient = key.secure() && !proxied ? client.quic() : null;
        this.quicOnly = quicClient != null && protocol == ProtocolPolicy.H3;
        this.alternative = quicClient != null && protocol == ProtocolPolicy.H3_ALT_SVC ? client.alternative(key)
                : null;
        this.settings = new ConnectionSettings(key, options.codecs(), options.maxResponseSize(),
                options.decompression(), !key.secure(), options.expectContinueTimeout().toNanos(), alternative);
        this.quic = quicOnly || alternative != null ? quicClient.opener(settings, loop, owner) : null;
        this.mayMultiplex = key.secure() ? protocol != ProtocolPolicy.HTTP_1_1
                : protocol == ProtocolPolicy.H2 || protocol == ProtocolPolicy.H2C_PRIOR_KNOWLEDGE
                || protocol == ProtocolPolicy.H2C_UPGRADE;
    }

    HostKey key() {
        return key;
    }

    /** What every connection to this host is told. */
    ConnectionSettings settings() {
        return settings;
    }

    /** The pool the connections report to. */
    ConnectionOwner owner() {
        return owner;
    }

    long connectTimeoutMillis() {
        return client.connectTimeoutMillis();
    }

    @Override
    public boolean mayMultiplex() {
        return mayMultiplex;
    }

    @Override
    public Future<PooledConnection> open(int attempt) {
        if (quicOnly) {
            return quic.open(key.port(), client.connectTimeoutMillis(), attempt);
        }
        int port = alternative == null ? 0 : alternative.usablePort(System.nanoTime());
        if (port > 0) {
            return openAlternative(port, attempt);
        }
        return openTcp(attempt);
    }

    /**
     * Tries the advertised HTTP/3 alternative on UDP {@code port} for the fallback delay of the options;
     * when its handshake has not completed by then (UDP blocked, nothing listening, QUIC failing), marks it broken and
     * opens a TCP connection instead, with the whole connect timeout.
     */
    private Future<PooledConnection> openAlternative(int port, int attempt) {
        Promise<PooledConnection> ready = loop.newPromise();
        quic.open(port, client.options().http3FallbackDelay().toMillis(), attempt).addListener(f -> {
            if (f.isSuccess()) {
                ready.trySuccess((PooledConnection) f.getNow());
                return;
            }
            alternative.markBroken();
            openTcp(attempt).addListener(tcp -> {
                if (tcp.isSuccess()) {
                    ready.trySuccess((PooledConnection) tcp.getNow());
                } else {
                    ready.tryFailure(tcp.cause());
                }
            });
        });
        return ready;
    }

    @Override
    public boolean upgrades() {
        return alternative != null && alternative.usablePort(System.nanoTime()) > 0;
    }

    private Future<PooledConnection> openTcp(int attempt) {
        Promise<PooledConnection> ready = loop.newPromise();
        ChannelFuture connecting = bootstrap.connect(key.address());
        client.track(connecting.channel());
        connecting.addListener(new ConnectAttempt(ready, attempt));
        return ready;
    }

    @Override
    public boolean reopens(Throwable cause) {
        return cause instanceof H2cUpgradeRefusedException;
    }

    /**
     * The host answered an h2c upgrade probe without upgrading and closed the connection: new connections to it
     * speak HTTP/1.1 at once.
     */
    void h2cUpgradeRefused() {
        skipH2cUpgrade = true;
    }

    /** The protocol a new connection starts with: the configured one, unless the host refused the h2c upgrade. */
    private ProtocolPolicy protocolForNewConnection() {
        ProtocolPolicy protocol = client.options().protocol();
        return skipH2cUpgrade && protocol == ProtocolPolicy.H2C_UPGRADE ? ProtocolPolicy.HTTP_1_1 : protocol;
    }

    /** Follows a connection from TCP connect through setup; completes {@code ready}, closing the channel on failure. */
    private final class ConnectAttempt implements ChannelFutureListener {
        private final Promise<PooledConnection> ready;
        private final int attempt;
        private final long startNanos = System.nanoTime();
        private Channel channel;

        ConnectAttempt(Promise<PooledConnection> ready, int attempt) {
            this.ready = ready;
            this.attempt = attempt;
        }

        @Override
        public void operationComplete(ChannelFuture future) {
            channel = future.channel();
            ConnectionSetup setup = channel.pipeline().get(ConnectionSetup.class);
            if (!future.isSuccess() || setup == null) {
                failed(Failures.connectFailure(key, future.cause(), client.connectTimeoutMillis(), attempt));
                return;
            }
            setup.ready().addListener(this::onReady);
            // one budget for the whole way to a usable connection: the setup gets what the TCP connect left
            long usedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
            setup.start(Math.max(1, client.connectTimeoutMillis() - usedMillis), attempt);
        }

        private void onReady(Future<? super PooledConnection> setUp) {
            if (setUp.isSuccess()) {
                ready.trySuccess((PooledConnection) setUp.getNow());
            } else {
                failed(setUp.cause());
            }
        }

        private void failed(Throwable cause) {
            channel.close();
            ready.tryFailure(cause);
        }
    }

    /** Builds the connection-level pipeline: proxy, TLS, then the setup handler that picks the protocol. */
    private final class Initializer extends ChannelInitializer<Channel> {
        @Override
        protected void initChannel(Channel channel) {
            ProxyHandler proxy = proxied ? client.proxyHandler() : null;
            SslHandler ssl = Pipelines.connection(channel, key, proxy, key.secure() ? client.sslContext() : null,
                    client.connectTimeoutMillis());
            Pipelines.setup(channel.pipeline(), new ConnectionSetup(HostConnector.this, protocolForNewConnection(),
                    proxy, ssl));
        }
    }
}
