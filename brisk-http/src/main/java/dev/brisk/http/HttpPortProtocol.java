package dev.brisk.http;

import dev.brisk.http.internal.bootstrap.SharedPortServer;
import dev.brisk.transport.PortProtocol;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;

import java.time.Duration;
import java.util.Objects;

/**
 * HTTP as one protocol of a port another server owns (see {@link dev.brisk.transport.ProtocolDetector}): the
 * {@link HttpServer}'s connections — HTTP/1.1, h2c by prior knowledge and by upgrade, TLS with ALPN when configured —
 * with its options, limits and handler, on connections accepted elsewhere. It binds nothing and owns no threads; the
 * port's owner calls {@link #close(Duration)} when it shuts down. Made by {@link HttpServer.Builder#buildPortProtocol()};
 * the port, host, transport and thread options do not apply. A handler that is {@link AutoCloseable} is closed after
 * the connections.
 *
 * <p>It recognises a connection by its first byte: an upper-case letter (every registered HTTP method, and
 * {@code PRI} of the HTTP/2 preface) or, with TLS, a TLS handshake record.
 */
public final class HttpPortProtocol implements PortProtocol, AutoCloseable {

    private final SharedPortServer server;

    HttpPortProtocol(ServerOptions options, HttpHandler handler) {
        this.server = new SharedPortServer(options, handler);
    }

    @Override
    public Match matches(ByteBuf opening) {
        if (!opening.isReadable()) {
            return Match.NEED_MORE;
        }
        return server.opens(opening) ? Match.YES : Match.NO;
    }

    @Override
    public void open(Channel channel) {
        server.open(channel);
    }

    /** The options its connections follow. */
    public ServerOptions options() {
        return server.options();
    }

    /** Its connection and request counters. */
    public ServerMetrics metrics() {
        return server.metrics();
    }

    /** Closes gracefully within the options' shutdown timeout, like {@link HttpServer#close()}. */
    @Override
    public void close() {
        server.shutdown(server.options().shutdownTimeout());
    }

    /**
     * Asks every connection to finish its requests ({@code Connection: close}, HTTP/2 GOAWAY), waits up to
     * {@code timeout}, then closes what is left. Further connections are refused. Idempotent.
     */
    public void close(Duration timeout) {
        server.shutdown(Objects.requireNonNull(timeout, "timeout"));
    }
}
