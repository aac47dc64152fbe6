package dev.brisk.rest.websocket;

import dev.brisk.rest.websocket.internal.TransportOptions;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executor;

import static dev.brisk.transport.spi.Checks.notNegative;
import static dev.brisk.transport.spi.Checks.notNull;
import static dev.brisk.transport.spi.Checks.positive;

/**
 * What every {@code @ServerEndpoint} of a server starts from, as a Jakarta container's {@code ServerContainer} defaults
 * do. Register it beside the endpoints; without one, {@link #DEFAULT} applies:
 *
 * <pre>{@code
 * Brisk.server().controllers(new ChatEndpoint(),
 *         ServerEndpointDefaults.builder().maxMessageSize(4 * 1024 * 1024).idleTimeout(Duration.ofMinutes(5)).build())
 * }</pre>
 *
 * <p>An endpoint's own {@code @OnMessage(maxMessageSize)} and {@code subprotocols}, and a session's
 * {@code setMaxIdleTimeout} and {@code setMax...MessageBufferSize}, apply on top of these.
 *
 * @param maxMessageSize    largest message (all its frames) accepted; larger closes with 1009. Frames are bounded by
 *                          it too: Jakarta endpoints have no frame limit of their own
 * @param idleTimeout       a connection that receives nothing (not even a pong) for this long is closed with 1001;
 *                          {@link Duration#ZERO} for never
 * @param pingInterval      a ping is sent after this long without receiving anything, so a live client's pong keeps
 *                          it from idling out; {@link Duration#ZERO} for none
 * @param closeTimeout      how long to wait for the client's close frame after sending ours
 * @param maxQueuedBytes    bytes accepted by sends but not yet written; a send beyond it fails at once
 * @param allowedOrigins    origins (e.g. {@code https://example.com}) allowed to connect besides the server's own
 *                          (others get 403). Empty: same-origin pages only, whose {@code Origin} has the host and
 *                          port of the request's {@code Host}. {@code "*"} allows every origin, dangerous when an
 *                          endpoint trusts cookies (any page can then act on a user's connection). A handshake
 *                          without {@code Origin} (not from a browser) is always allowed, {@code Origin: null} only
 *                          with {@code "*"}
 * @param perMessageDeflate whether permessage-deflate (RFC 7692) is accepted when the client offers it
 * @param compressionLevel  deflate level 0-9 when permessage-deflate is in use
 * @param sendTimeout       how long a {@code getBasicRemote()} send waits for a client that does not read before it
 *                          throws {@link java.net.SocketTimeoutException} and closes the session with 1001
 * @param asyncSendTimeout  the initial {@code getAsyncRemote().getSendTimeout()}; {@link Duration#ZERO} for none
 * @param executor          where callbacks run (one at a time per connection); empty for virtual threads on Java 21
 *                          and later, else a pool of daemon threads. Never the event loop: Jakarta code blocks
 */
public record ServerEndpointDefaults(long maxMessageSize, Duration idleTimeout, Duration pingInterval,
                                     Duration closeTimeout, long maxQueuedBytes, List<String> allowedOrigins,
                                     boolean perMessageDeflate, int compressionLevel, Duration sendTimeout,
                                     Duration asyncSendTimeout, Optional<Executor> executor) {

    /**
     * 1 MiB messages, idle timeout 60 s with a ping after 30 s of silence, close timeout 5 s, 4 MiB queued,
     * same-origin pages only, no compression, blocking sends give up after 30 s, asynchronous ones never.
     */
    public static final ServerEndpointDefaults DEFAULT = new ServerEndpointDefaults(1024 * 1024,
            Duration.ofSeconds(60), Duration.ofSeconds(30), Duration.ofSeconds(5), 4 * 1024 * 1024, List.of(), false,
            6, Duration.ofSeconds(30), Duration.ZERO, Optional.empty());

    /** Validates every component; a message names the component and the offending value. */
    public ServerEndpointDefaults {
        notNull(allowedOrigins, "allowedOrigins");
        notNull(executor, "executor");
        allowedOrigins = List.copyOf(allowedOrigins);
        positive(sendTimeout, "sendTimeout");
        notNegative(asyncSendTimeout, "asyncSendTimeout");
        // the transport's options check the rest, naming the same components
        TransportOptions.of(maxMessageSize, idleTimeout, pingInterval, closeTimeout, maxQueuedBytes, allowedOrigins,
                perMessageDeflate, compressionLevel).build();
    }

    /** A builder starting from {@link #DEFAULT}. */
    public static Builder builder() {
        return DEFAULT.toBuilder();
    }

    /** A builder holding these defaults, to change some. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** Builds {@link ServerEndpointDefaults}; {@link #build()} validates. */
    public static final class Builder {
        private long maxMessageSize;
        private Duration idleTimeout;
        private Duration pingInterval;
        private Duration closeTimeout;
        private long maxQueuedBytes;
        private List<String> allowedOrigins;
        private boolean perMessageDeflate;
        private int compressionLevel;
        private Duration sendTimeout;
        private Duration asyncSendTimeout;
        private Optional<Executor> executor;

        private Builder(ServerEndpointDefaults defaults) {
            maxMessageSize = defaults.maxMessageSize;
            idleTimeout = defaults.idleTimeout;
            pingInterval = defaults.pingInterval;
            closeTimeout = defaults.closeTimeout;
            maxQueuedBytes = defaults.maxQueuedBytes;
            allowedOrigins = defaults.allowedOrigins;
            perMessageDeflate = defaults.perMessageDeflate;
            compressionLevel = defaults.compressionLevel;
            sendTimeout = defaults.sendTimeout;
            asyncSendTimeout = defaults.asyncSendTimeout;
            executor = defaults.executor;
        }

        /** Largest message, frames included; default 1 MiB. */
        public Builder maxMessageSize(long maxMessageSize) {
            this.maxMessageSize = maxMessageSize;
            return this;
        }

        /** Close after this long without receiving anything; default 60 s, zero for never. */
        public Builder idleTimeout(Duration idleTimeout) {
            this.idleTimeout = idleTimeout;
            return this;
        }

        /** Ping after this long without receiving anything; default 30 s, zero for never. */
        public Builder pingInterval(Duration pingInterval) {
            this.pingInterval = pingInterval;
            return this;
        }

        /** Wait for the client's close frame; default 5 s. */
        public Builder closeTimeout(Duration closeTimeout) {
            this.closeTimeout = closeTimeout;
            return this;
        }

        /** Bytes queued for sending before sends fail; default 4 MiB. */
        public Builder maxQueuedBytes(long maxQueuedBytes) {
            this.maxQueuedBytes = maxQueuedBytes;
            return this;
        }

        /** Origins allowed to connect besides the server's own, or {@code "*"} for every one; default none. */
        public Builder allowedOrigins(List<String> allowedOrigins) {
            this.allowedOrigins = allowedOrigins;
            return this;
        }

        /** Shortcut for {@link #allowedOrigins(List)}. */
        public Builder allowedOrigins(String... allowedOrigins) {
            return allowedOrigins(List.of(allowedOrigins));
        }

        /** Accept permessage-deflate when offered; default false. */
        public Builder perMessageDeflate(boolean perMessageDeflate) {
            this.perMessageDeflate = perMessageDeflate;
            return this;
        }

        /** Deflate level 0-9; default 6. */
        public Builder compressionLevel(int compressionLevel) {
            this.compressionLevel = compressionLevel;
            return this;
        }

        /** How long a blocking send waits for the socket; default 30 s. */
        public Builder sendTimeout(Duration sendTimeout) {
            this.sendTimeout = sendTimeout;
            return this;
        }

        /** Initial send timeout of asynchronous sends; default none ({@link Duration#ZERO}). */
        public Builder asyncSendTimeout(Duration asyncSendTimeout) {
            this.asyncSendTimeout = asyncSendTimeout;
            return this;
        }

        /** Runs callbacks on {@code executor} instead of virtual threads (or the daemon pool before Java 21). */
        public Builder executor(Executor executor) {
            this.executor = Optional.of(Objects.requireNonNull(executor, "executor must not be null"));
            return this;
        }

        public ServerEndpointDefaults build() {
            return new ServerEndpointDefaults(maxMessageSize, idleTimeout, pingInterval, closeTimeout, maxQueuedBytes,
                    allowedOrigins, perMessageDeflate, compressionLevel, sendTimeout, asyncSendTimeout, executor);
        }
    }
}
