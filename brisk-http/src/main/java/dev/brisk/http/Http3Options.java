package dev.brisk.http;

import static dev.brisk.transport.spi.Checks.notNegative;
import static dev.brisk.transport.spi.Checks.positive;
import static dev.brisk.transport.spi.Checks.within;

/**
 * HTTP/3 (over QUIC, on UDP) beside the server's TLS listener. It needs TLS options (QUIC carries TLS 1.3 only, with
 * ALPN {@code h3}) and Netty's native QUIC library for the platform; when on, HTTP/1.1 and HTTP/2 responses advertise
 * it with {@code Alt-Svc: h3=":port"}. Header and body size limits, timeouts, the connection limit and graceful
 * shutdown are the server's ({@link ServerOptions}, {@link HttpLimits}); the QUIC- and QPACK-specific settings are
 * here.
 *
 * <pre>{@code HttpServer.builder().tls(tls).options(o -> o.http3(h -> h.enabled(true)))}</pre>
 *
 * @param enabled                whether HTTP/3 is served
 * @param port                   UDP port, -1 for the port number of the TLS listener, 0 for an ephemeral one
 * @param maxConcurrentStreams   requests open at once on one connection (QUIC initial_max_streams_bidi)
 * @param initialMaxData         bytes of request bodies a client may send on one connection before the server reads
 *                               them (QUIC initial_max_data)
 * @param initialMaxStreamData   bytes of one request body a client may send before the server reads them (QUIC
 *                               initial_max_stream_data_bidi_remote); a paused streamed body holds the client at this
 * @param qpackMaxTableCapacity  QPACK dynamic table capacity the client's encoder may use; 0 for none
 * @param qpackBlockedStreams    request streams that may wait for QPACK table updates at once
 * @param earlyData              whether 0-RTT data is accepted: it saves a round trip on resumed connections but can
 *                               be replayed by an attacker, so only for idempotent requests; default off
 * @param activeMigration        whether clients may move a connection to a new address (QUIC connection migration);
 *                               default off
 */
public record Http3Options(boolean enabled, int port, long maxConcurrentStreams, long initialMaxData,
                           long initialMaxStreamData, long qpackMaxTableCapacity, long qpackBlockedStreams,
                           boolean earlyData, boolean activeMigration) {

    /** Off; when on: the TLS port, 128 streams, 4 MiB per connection, 1 MiB per stream, no QPACK table, no 0-RTT. */
    public static final Http3Options DEFAULT = new Http3Options(false, -1, 128, 4L * 1024 * 1024, 1024 * 1024, 0, 0,
            false, false);

    /** Validates every component; a message names the component and the offending value. */
    public Http3Options {
        within(port, -1, 65535, "port");
        positive(maxConcurrentStreams, "maxConcurrentStreams");
        positive(initialMaxData, "initialMaxData");
        positive(initialMaxStreamData, "initialMaxStreamData");
        notNegative(qpackMaxTableCapacity, "qpackMaxTableCapacity");
        notNegative(qpackBlockedStreams, "qpackBlockedStreams");
    }

    /** A builder starting from {@link #DEFAULT}. */
    public static Builder builder() {
        return DEFAULT.toBuilder();
    }

    /** A builder holding these settings, to change some. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** Builds {@link Http3Options}; {@link #build()} validates. */
    public static final class Builder {
        private boolean enabled;
        private int port;
        private long maxConcurrentStreams;
        private long initialMaxData;
        private long initialMaxStreamData;
        private long qpackMaxTableCapacity;
        private long qpackBlockedStreams;
        private boolean earlyData;
        private boolean activeMigration;

        private Builder(Http3Options options) {
            enabled = options.enabled;
            port = options.port;
            maxConcurrentStreams = options.maxConcurrentStreams;
            initialMaxData = options.initialMaxData;
            initialMaxStreamData = options.initialMaxStreamData;
            qpackMaxTableCapacity = options.qpackMaxTableCapacity;
            qpackBlockedStreams = options.qpackBlockedStreams;
            earlyData = options.earlyData;
            activeMigration = options.activeMigration;
        }

        /** Whether HTTP/3 is served; default false. */
        public Builder enabled(boolean enabled) {
            this.enabled = enabled;
            return this;
        }

        /** UDP port; default -1: the port number of the TLS listener; 0 for an ephemeral one. */
        public Builder port(int port) {
            this.port = port;
            return this;
        }

        /** Requests open at once on one connection; default 128. */
        public Builder maxConcurrentStreams(long maxConcurrentStreams) {
            this.maxConcurrentStreams = maxConcurrentStreams;
            return this;
        }

        /** Unread request body bytes a connection may hold; default 4 MiB. */
        public Builder initialMaxData(long initialMaxData) {
            this.initialMaxData = initialMaxData;
            return this;
        }

        /** Unread body bytes of one request; default 1 MiB. */
        public Builder initialMaxStreamData(long initialMaxStreamData) {
            this.initialMaxStreamData = initialMaxStreamData;
            return this;
        }

        /** QPACK dynamic table capacity offered to the client's encoder; default 0 (static table only). */
        public Builder qpackMaxTableCapacity(long qpackMaxTableCapacity) {
            this.qpackMaxTableCapacity = qpackMaxTableCapacity;
            return this;
        }

        /** Request streams that may wait for QPACK table updates at once; default 0. */
        public Builder qpackBlockedStreams(long qpackBlockedStreams) {
            this.qpackBlockedStreams = qpackBlockedStreams;
            return this;
        }

        /** Whether 0-RTT data is accepted (replayable: idempotent requests only); default false. */
        public Builder earlyData(boolean earlyData) {
            this.earlyData = earlyData;
            return this;
        }

        /** Whether clients may migrate a connection to a new address; default false. */
        public Builder activeMigration(boolean activeMigration) {
            this.activeMigration = activeMigration;
            return this;
        }

        public Http3Options build() {
            return new Http3Options(enabled, port, maxConcurrentStreams, initialMaxData, initialMaxStreamData,
                    qpackMaxTableCapacity, qpackBlockedStreams, earlyData, activeMigration);
        }
    }
}
