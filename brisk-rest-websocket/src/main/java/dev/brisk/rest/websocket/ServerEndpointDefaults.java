package dev.brisk.rest.websocket;

import dev.brisk.http.WebSocketOptions;

import java.time.Duration;
import java.util.Objects;
import java.util.function.Consumer;

import static dev.brisk.transport.spi.Checks.notNegative;
import static dev.brisk.transport.spi.Checks.notNull;
import static dev.brisk.transport.spi.Checks.positive;

/**
 * What every {@code @ServerEndpoint} of a server starts from, as a Jakarta container's {@code ServerContainer} defaults
 * do. Register it beside the endpoints; without one, {@link #DEFAULT} applies:
 *
 * <pre>{@code
 * Brisk.server().controllers(new ChatEndpoint(), ServerEndpointDefaults.builder()
 *         .options(o -> o.maxMessageSize(4 * 1024 * 1024).idleTimeout(Duration.ofMinutes(5))).build())
 * }</pre>
 *
 * <p>An endpoint's own {@code @OnMessage(maxMessageSize)} and {@code subprotocols}, and a session's
 * {@code setMaxIdleTimeout} and {@code setMax...MessageBufferSize}, apply on top of these.
 *
 * @param options          the WebSocket options every endpoint starts from, as documented on {@link WebSocketOptions},
 *                         with these differences for annotated endpoints: a frame may be as large as a message
 *                         (Jakarta endpoints have no frame limit of their own), so {@code maxFrameSize} is set to
 *                         {@code maxMessageSize}; messages always arrive whole ({@code aggregate} must stay true);
 *                         subprotocols are chosen per endpoint with {@code @ServerEndpoint(subprotocols)}, so
 *                         {@code subprotocols} must stay empty; and an empty {@code executor} means virtual threads on
 *                         Java 21 and later, else a pool of daemon threads, never the event loop (Jakarta code blocks)
 * @param sendTimeout      how long a {@code getBasicRemote()} send waits for a client that does not read before it
 *                         throws {@link java.net.SocketTimeoutException} and closes the session with 1001
 * @param asyncSendTimeout the initial {@code getAsyncRemote().getSendTimeout()}; {@link Duration#ZERO} for none
 */
public record ServerEndpointDefaults(WebSocketOptions options, Duration sendTimeout, Duration asyncSendTimeout) {

    /**
     * The {@link WebSocketOptions#DEFAULT} limits and keep-alive (1 MiB messages, idle timeout 60 s with a ping after
     * 30 s of silence, close timeout 5 s, 4 MiB queued, same-origin pages only, no compression), callbacks on virtual
     * threads; blocking sends give up after 30 s, asynchronous ones never.
     */
    public static final ServerEndpointDefaults DEFAULT = new ServerEndpointDefaults(WebSocketOptions.DEFAULT,
            Duration.ofSeconds(30), Duration.ZERO);

    /** Validates every component; a message names the component and the offending value. */
    public ServerEndpointDefaults {
        notNull(options, "options");
        if (!options.aggregate()) {
            throw new IllegalArgumentException("aggregate must be true: the messages of a @ServerEndpoint arrive "
                    + "whole (partial messages are not supported)");
        }
        if (!options.subprotocols().isEmpty()) {
            throw new IllegalArgumentException("subprotocols must be empty: each endpoint names its own with "
                    + "@ServerEndpoint(subprotocols = ...): " + options.subprotocols());
        }
        if (options.maxFrameSize() != options.maxMessageSize()) {
            options = options.toBuilder().maxFrameSize((int) options.maxMessageSize()).build();
        }
        positive(sendTimeout, "sendTimeout");
        notNegative(asyncSendTimeout, "asyncSendTimeout");
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
        private WebSocketOptions.Builder options;
        private Duration sendTimeout;
        private Duration asyncSendTimeout;

        private Builder(ServerEndpointDefaults defaults) {
            options = frameLimitFree(defaults.options);
            sendTimeout = defaults.sendTimeout;
            asyncSendTimeout = defaults.asyncSendTimeout;
        }

        /**
         * A builder of {@code options} whose frame limit lets any {@code maxMessageSize} pass
         * {@link WebSocketOptions}' check; the built defaults set the frame limit to the message limit.
         */
        private static WebSocketOptions.Builder frameLimitFree(WebSocketOptions options) {
            return options.toBuilder().maxFrameSize(1);
        }

        /**
         * Takes every WebSocket option from {@code options} (see the differences listed on
         * {@link ServerEndpointDefaults}); later calls change single options.
         */
        public Builder options(WebSocketOptions options) {
            this.options = frameLimitFree(Objects.requireNonNull(options, "options must not be null"));
            return this;
        }

        /**
         * Changes options on the {@link WebSocketOptions.Builder} this builder holds, where every option is set and
         * documented with its default: {@code options(o -> o.maxMessageSize(4 * 1024 * 1024).allowedOrigins(origin))}.
         */
        public Builder options(Consumer<WebSocketOptions.Builder> change) {
            Objects.requireNonNull(change, "change must not be null").accept(options);
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

        /** Validates and builds the defaults. */
        public ServerEndpointDefaults build() {
            return new ServerEndpointDefaults(options.build(), sendTimeout, asyncSendTimeout);
        }
    }
}
