package dev.brisk.http;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.regex.Pattern;

import static dev.brisk.transport.spi.Checks.notNegative;
import static dev.brisk.transport.spi.Checks.notNull;
import static dev.brisk.transport.spi.Checks.positive;
import static dev.brisk.transport.spi.Checks.within;

/**
 * How the server runs the WebSocket connections of one endpoint: limits, keep-alive, negotiation and threading.
 *
 * <pre>{@code WebSocketOptions.builder().maxMessageSize(64 * 1024).perMessageDeflate(true).build()}</pre>
 *
 * @param maxFrameSize      largest frame payload accepted; a larger frame closes the connection with 1009
 * @param maxMessageSize    largest message (all its fragments) accepted; larger closes with 1009
 * @param aggregate         true: {@link WebSocketEndpoint#onText} and {@link WebSocketEndpoint#onBinary} get whole
 *                          messages; false: {@link WebSocketEndpoint#onFragment} gets each frame as it arrives
 * @param idleTimeout       a connection that receives nothing (not even a pong) for this long is closed with 1001;
 *                          {@link Duration#ZERO} for never
 * @param pingInterval      a ping is sent after this long without receiving anything, so a live peer's pong keeps
 *                          the connection from idling out; {@link Duration#ZERO} for none
 * @param closeTimeout      how long to wait for the peer's close frame after sending ours before closing the socket
 * @param maxQueuedBytes    payload bytes accepted by {@code send} calls but not yet written to the socket; a send that
 *                          would exceed it fails at once (backpressure for peers that do not read)
 * @param allowedOrigins    origins (e.g. {@code https://example.com}) allowed to open a connection besides the
 *                          server's own; others get 403. Empty (the default): same-origin pages only, whose
 *                          {@code Origin} has the host and port of the request's {@code Host}. {@value #ANY_ORIGIN}
 *                          allows every origin, {@code Origin: null} included: dangerous when the endpoint trusts
 *                          cookies, as any page a user visits can then act on the user's connection. A request
 *                          without {@code Origin} (not from a browser) is always allowed; {@code Origin: null} only
 *                          with {@value #ANY_ORIGIN}
 * @param subprotocols      subprotocols the endpoint speaks, in preference order; the first one the client offers
 *                          is selected
 * @param perMessageDeflate whether permessage-deflate (RFC 7692) is accepted when the client offers it
 * @param compressionLevel  deflate level 0-9 when permessage-deflate is in use
 * @param executor          where the endpoint's callbacks run, one at a time per connection and in order; empty for
 *                          the connection's event loop (callbacks must then not block)
 */
public record WebSocketOptions(int maxFrameSize, long maxMessageSize, boolean aggregate, Duration idleTimeout,
                               Duration pingInterval, Duration closeTimeout, long maxQueuedBytes,
                               List<String> allowedOrigins, List<String> subprotocols, boolean perMessageDeflate,
                               int compressionLevel, Optional<Executor> executor) {

    /** In {@link #allowedOrigins}: every origin may connect (no cross-site protection; see there). */
    public static final String ANY_ORIGIN = "*";

    /** A serialized origin: {@code scheme://host[:port]}, a trailing slash tolerated. */
    private static final Pattern ORIGIN = Pattern.compile("[A-Za-z][A-Za-z0-9+.-]*://[^/?#@\\s]+/?");

    /**
     * 64 KiB frames, 1 MiB messages aggregated, idle timeout 60 s with a ping after 30 s of silence, close timeout
     * 5 s, 4 MiB queued, same-origin pages only, no subprotocol, no compression, callbacks on the event loop.
     */
    public static final WebSocketOptions DEFAULT = new WebSocketOptions(64 * 1024, 1024 * 1024, true,
            Duration.ofSeconds(60), Duration.ofSeconds(30), Duration.ofSeconds(5), 4 * 1024 * 1024, List.of(),
            List.of(), false, 6, Optional.empty());

    /** Validates every component; a message names the component and the offending value. */
    public WebSocketOptions {
        positive(maxFrameSize, "maxFrameSize");
        positive(maxMessageSize, "maxMessageSize");
        if (maxMessageSize < maxFrameSize) {
            throw new IllegalArgumentException("maxMessageSize must be >= maxFrameSize (" + maxFrameSize + "): "
                    + maxMessageSize);
        }
        if (maxMessageSize > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("maxMessageSize must be at most " + Integer.MAX_VALUE + ": "
                    + maxMessageSize);
        }
        notNegative(idleTimeout, "idleTimeout");
        notNegative(pingInterval, "pingInterval");
        notNegative(closeTimeout, "closeTimeout");
        positive(maxQueuedBytes, "maxQueuedBytes");
        allowedOrigins = List.copyOf(notNull(allowedOrigins, "allowedOrigins"));
        for (String origin : allowedOrigins) {
            if (!origin.equals(ANY_ORIGIN) && !ORIGIN.matcher(origin).matches()) {
                throw new IllegalArgumentException("allowedOrigins must hold \"*\" or origins such as "
                        + "https://example.com or http://localhost:3000 (scheme, host, optional port): " + origin);
            }
        }
        subprotocols = List.copyOf(notNull(subprotocols, "subprotocols"));
        within(compressionLevel, 0, 9, "compressionLevel");
        notNull(executor, "executor");
    }

    /** A builder starting from {@link #DEFAULT}. */
    public static Builder builder() {
        return DEFAULT.toBuilder();
    }

    /** A builder holding these options, to change some. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** Builds {@link WebSocketOptions}; {@link #build()} validates. */
    public static final class Builder {
        private int maxFrameSize;
        private long maxMessageSize;
        private boolean aggregate;
        private Duration idleTimeout;
        private Duration pingInterval;
        private Duration closeTimeout;
        private long maxQueuedBytes;
        private List<String> allowedOrigins;
        private List<String> subprotocols;
        private boolean perMessageDeflate;
        private int compressionLevel;
        private Optional<Executor> executor;

        private Builder(WebSocketOptions options) {
            maxFrameSize = options.maxFrameSize;
            maxMessageSize = options.maxMessageSize;
            aggregate = options.aggregate;
            idleTimeout = options.idleTimeout;
            pingInterval = options.pingInterval;
            closeTimeout = options.closeTimeout;
            maxQueuedBytes = options.maxQueuedBytes;
            allowedOrigins = options.allowedOrigins;
            subprotocols = options.subprotocols;
            perMessageDeflate = options.perMessageDeflate;
            compressionLevel = options.compressionLevel;
            executor = options.executor;
        }

        /** Largest frame payload; default 64 KiB. */
        public Builder maxFrameSize(int maxFrameSize) {
            this.maxFrameSize = maxFrameSize;
            return this;
        }

        /** Largest message; default 1 MiB. */
        public Builder maxMessageSize(long maxMessageSize) {
            this.maxMessageSize = maxMessageSize;
            return this;
        }

        /** Whole messages (true, the default) or each fragment as it arrives. */
        public Builder aggregate(boolean aggregate) {
            this.aggregate = aggregate;
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

        /** Wait for the peer's close frame; default 5 s. */
        public Builder closeTimeout(Duration closeTimeout) {
            this.closeTimeout = closeTimeout;
            return this;
        }

        /** Bytes queued for sending before sends fail; default 4 MiB. */
        public Builder maxQueuedBytes(long maxQueuedBytes) {
            this.maxQueuedBytes = maxQueuedBytes;
            return this;
        }

        /**
         * Origins allowed to connect besides the server's own, or {@value #ANY_ORIGIN} for every origin; default
         * none (same-origin pages only).
         */
        public Builder allowedOrigins(List<String> allowedOrigins) {
            this.allowedOrigins = allowedOrigins;
            return this;
        }

        /** Shortcut for {@link #allowedOrigins(List)}. */
        public Builder allowedOrigins(String... allowedOrigins) {
            return allowedOrigins(List.of(allowedOrigins));
        }

        /** Subprotocols spoken, in preference order; default none. */
        public Builder subprotocols(List<String> subprotocols) {
            this.subprotocols = subprotocols;
            return this;
        }

        /** Shortcut for {@link #subprotocols(List)}. */
        public Builder subprotocols(String... subprotocols) {
            return subprotocols(List.of(subprotocols));
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

        /** Runs callbacks on {@code executor} (e.g. virtual threads) instead of the event loop. */
        public Builder executor(Executor executor) {
            return executor(Optional.of(Objects.requireNonNull(executor, "executor must not be null")));
        }

        /** Where callbacks run; empty for the event loop (the default). */
        public Builder executor(Optional<Executor> executor) {
            this.executor = executor;
            return this;
        }

        /** Validates and builds the options. */
        public WebSocketOptions build() {
            return new WebSocketOptions(maxFrameSize, maxMessageSize, aggregate, idleTimeout, pingInterval,
                    closeTimeout, maxQueuedBytes, allowedOrigins, subprotocols, perMessageDeflate, compressionLevel,
                    executor);
        }
    }
}
