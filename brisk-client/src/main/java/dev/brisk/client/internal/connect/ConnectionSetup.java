package dev.brisk.client.internal.connect;

import dev.brisk.client.ClientConnectException;
import dev.brisk.client.ClientConnectTimeoutException;
import dev.brisk.client.HttpClientException;
import dev.brisk.client.ProtocolPolicy;
import dev.brisk.client.ProxyAuthenticationException;
import dev.brisk.client.ProxyConnectException;
import dev.brisk.client.TlsHandshakeException;
import dev.brisk.client.internal.http2.Http2Connection;
import dev.brisk.client.internal.pool.PooledConnection;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.proxy.ProxyHandler;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.SslHandler;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.Promise;

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.channels.ClosedChannelException;
import java.security.cert.CertPathBuilderException;
import java.security.cert.CertificateExpiredException;
import java.security.cert.CertificateNotYetValidException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Takes a freshly connected channel to the point where it can carry requests: waits for the proxy tunnel and the TLS
 * handshake when there are any, picks HTTP/1.1 or HTTP/2 (ALPN over TLS, the configured {@link ProtocolPolicy} on
 * cleartext), has {@link Pipelines} add the matching handlers, then removes itself. {@link #ready()} completes with
 * the connection, or fails with a typed {@link HttpClientException}; all of it is bounded by the connect timeout.
 */
final class ConnectionSetup extends ChannelInboundHandlerAdapter {

    static final String NAME = "setup";

    private final HostConnector connector;
    private final ProtocolPolicy protocol;
    private final ProxyHandler proxy;
    private final SslHandler ssl;
    private Channel channel;
    private Promise<PooledConnection> ready;
    private ScheduledFuture<?> timer;

    ConnectionSetup(HostConnector connector, ProtocolPolicy protocol, ProxyHandler proxy, SslHandler ssl) {
        this.connector = connector;
        this.protocol = protocol;
        this.proxy = proxy;
        this.ssl = ssl;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        channel = ctx.channel();
        ready = ctx.executor().newPromise();
    }

    /** Completes with the usable connection. */
    Future<PooledConnection> ready() {
        return ready;
    }

    /**
     * The TCP connection is up: go on with tunnel, handshake and protocol choice, within {@code remainingMillis} of
     * the connect timeout.
     */
    void start(long remainingMillis, int attempt) {
        long timeout = connector.connectTimeoutMillis();
        timer = channel.eventLoop().schedule(() -> fail(new ClientConnectTimeoutException(connector.key().toString(),
                timeout, attempt, null)), remainingMillis, TimeUnit.MILLISECONDS);
        if (proxy != null) {
            proxy.connectFuture().addListener(f -> {
                if (f.isSuccess()) {
                    afterTunnel();
                } else {
                    fail(f.cause());
                }
            });
        } else {
            afterTunnel();
        }
    }

    private void afterTunnel() {
        if (ssl == null) {
            switch (protocol) {
                case H2, H2C_PRIOR_KNOWLEDGE -> http2();
                case H2C_UPGRADE -> Pipelines.h2cUpgrade(channel.pipeline(), connector.settings(), connector.owner(),
                        this);
                default -> http1();
            }
            return;
        }
        ssl.handshakeFuture().addListener(f -> {
            if (!f.isSuccess()) {
                fail(f.cause());
                return;
            }
            String chosen = ssl.applicationProtocol();
            if (ApplicationProtocolNames.HTTP_2.equals(chosen)) {
                http2();
            } else if (protocol == ProtocolPolicy.H2) {
                fail(new TlsHandshakeException(connector.key().toString(), "server " + connector.key()
                        + " did not agree to HTTP/2 (ALPN chose " + (chosen == null ? "nothing" : chosen) + ")", null));
            } else {
                http1();
            }
        });
    }

    /** Builds the HTTP/1.1 pipeline; the connection is ready at once. */
    private void http1() {
        if (!ready.isDone()) {
            succeed(Pipelines.http1(channel.pipeline(), connector.settings(), connector.owner()));
        }
    }

    /** Builds the HTTP/2 pipeline; the connection is ready once the server's SETTINGS arrive. */
    private void http2() {
        if (!ready.isDone()) {
            upgraded(Pipelines.http2(channel.pipeline(), connector.settings(), connector.owner()));
        }
    }

    /** The HTTP/1.1 codec is in place (an h2c upgrade was refused): add the rest; ready at once. */
    void downgraded() {
        if (!ready.isDone()) {
            succeed(Pipelines.afterHttp1Codec(channel.pipeline(), connector.settings(), connector.owner()));
        }
    }

    /** The server refused the h2c upgrade and closes the connection: the pool opens an HTTP/1.1 one instead. */
    void upgradeRefusedAndClosed() {
        connector.h2cUpgradeRefused();
        fail(new H2cUpgradeRefusedException(connector.key()));
    }

    /** The HTTP/2 pipeline is in place; the connection is ready once the server's SETTINGS arrive. */
    void upgraded(Http2Connection connection) {
        connection.settingsReceived().addListener(f -> {
            if (f.isSuccess()) {
                succeed(connection);
            } else {
                fail(f.cause());
            }
        });
    }

    private void succeed(PooledConnection connection) {
        cancelTimer();
        if (channel.pipeline().context(this) != null) {
            channel.pipeline().remove(this);
        }
        if (!ready.trySuccess(connection)) {
            connection.close();
        }
    }

    /** Fails the setup with the typed form of {@code cause}. */
    void fail(Throwable cause) {
        cancelTimer();
        ready.tryFailure(typed(cause));
    }

    private void cancelTimer() {
        if (timer != null) {
            timer.cancel(false);
            timer = null;
        }
    }

    private HttpClientException typed(Throwable cause) {
        if (cause instanceof HttpClientException typed) {
            return typed;
        }
        String key = connector.key().toString();
        if (proxy != null && !proxy.connectFuture().isSuccess()) {
            Throwable proxyCause = proxy.connectFuture().isDone() ? proxy.connectFuture().cause() : cause;
            String message = proxyCause == null || proxyCause.getMessage() == null ? String.valueOf(proxyCause)
                    : proxyCause.getMessage();
            String proxyName = proxyName();
            if (message.contains("status: 407") || message.contains("authStatus: ")) {
                return new ProxyAuthenticationException(key, "proxy " + proxyName
                        + " rejected the credentials for " + key + ": " + message, proxyCause);
            }
            return new ProxyConnectException(key, "proxy " + proxyName + " could not connect to " + key
                    + ": " + message, proxyCause);
        }
        if (ssl != null && !ssl.handshakeFuture().isSuccess()) {
            Throwable root = cause instanceof DecoderException && cause.getCause() != null ? cause.getCause() : cause;
            if (root instanceof ClosedChannelException) {
                return new TlsHandshakeException(key, "TLS handshake with " + key + " failed: the server closed the"
                        + " connection", root);
            }
            String problem = certificateProblem(root);
            return new TlsHandshakeException(key, "TLS handshake with " + key + " failed: "
                    + (problem == null ? "" : problem + "; ") + root.getMessage(), root);
        }
        return new ClientConnectException(key, "cannot set up the connection to " + key + ": " + cause, cause);
    }

    /**
     * Names, in plain words, the certificate problem found among the causes of a failed handshake, or null. The JDK
     * reports an expired certificate as "PKIX path validation failed: ... validity check failed" and keeps the
     * expiry itself a few causes down.
     */
    private static String certificateProblem(Throwable failure) {
        Throwable t = failure;
        for (int depth = 0; t != null && depth < 16; depth++, t = t.getCause()) {
            if (t instanceof CertificateExpiredException) {
                return "the server certificate has expired (" + t.getMessage() + ")";
            }
            if (t instanceof CertificateNotYetValidException) {
                return "the server certificate is not valid yet (" + t.getMessage() + ")";
            }
            if (t instanceof CertPathBuilderException) {
                return "the server certificate is not trusted (no chain to a trusted issuer)";
            }
        }
        return null;
    }

    private String proxyName() {
        SocketAddress address = proxy.proxyAddress();
        return address instanceof InetSocketAddress inet ? inet.getHostString() + ":" + inet.getPort()
                : String.valueOf(address);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        fail(new ClosedChannelException());
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        fail(cause);
    }
}
