package dev.brisk.http;

import dev.brisk.transport.TlsOptions;
import dev.brisk.transport.Transport;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * Everything that configures an {@link HttpServer}; built with {@link HttpServer#builder()}, which documents each
 * default.
 */
public record ServerOptions(
        String host,
        int port,
        int ioThreads,
        Transport transport,
        int backlog,
        Duration idleTimeout,
        Duration handshakeTimeout,
        Duration headerReadTimeout,
        Duration bodyReadTimeout,
        long minBodyDataRate,
        Duration writeTimeout,
        Duration settingsAckTimeout,
        HttpLimits limits,
        int maxKeepAliveRequests,
        Optional<TlsOptions> tls,
        Http2Options http2,
        int writeBufferLowWaterMark,
        int writeBufferHighWaterMark,
        int maxConnections,
        Optional<String> serverHeader,
        Duration shutdownTimeout,
        boolean shutdownHook) {

    public ServerOptions {
        Objects.requireNonNull(host, "host");
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port must be within [0, 65535]: " + port);
        }
        if (ioThreads < 1) {
            throw new IllegalArgumentException("ioThreads must be >= 1: " + ioThreads);
        }
        Objects.requireNonNull(transport, "transport");
        if (backlog < 1) {
            throw new IllegalArgumentException("backlog must be >= 1: " + backlog);
        }
        requirePositive(idleTimeout, "idleTimeout");
        requirePositive(handshakeTimeout, "handshakeTimeout");
        requirePositive(headerReadTimeout, "headerReadTimeout");
        requirePositive(bodyReadTimeout, "bodyReadTimeout");
        if (minBodyDataRate < 0) {
            throw new IllegalArgumentException("minBodyDataRate must be >= 0: " + minBodyDataRate);
        }
        requirePositive(writeTimeout, "writeTimeout");
        requirePositive(settingsAckTimeout, "settingsAckTimeout");
        Objects.requireNonNull(limits, "limits");
        if (maxKeepAliveRequests < 1) {
            throw new IllegalArgumentException("maxKeepAliveRequests must be >= 1: " + maxKeepAliveRequests);
        }
        Objects.requireNonNull(tls, "tls");
        Objects.requireNonNull(http2, "http2");
        if (writeBufferLowWaterMark < 1 || writeBufferHighWaterMark < writeBufferLowWaterMark) {
            throw new IllegalArgumentException("write buffer water marks must satisfy 0 < low <= high: "
                    + writeBufferLowWaterMark + ", " + writeBufferHighWaterMark);
        }
        if (maxConnections < 1) {
            throw new IllegalArgumentException("maxConnections must be >= 1: " + maxConnections);
        }
        Objects.requireNonNull(serverHeader, "serverHeader");
        requirePositive(shutdownTimeout, "shutdownTimeout");
    }

    private static void requirePositive(Duration duration, String name) {
        Objects.requireNonNull(duration, name);
        if (duration.isNegative() || duration.isZero()) {
            throw new IllegalArgumentException(name + " must be positive: " + duration);
        }
    }
}
