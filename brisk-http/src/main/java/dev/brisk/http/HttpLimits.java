package dev.brisk.http;

import static dev.brisk.transport.spi.Checks.notNegative;
import static dev.brisk.transport.spi.Checks.positive;

/**
 * Size limits enforced while parsing requests.
 *
 * <pre>{@code HttpServer.builder().options(o -> o.limits(l -> l.maxHeaderSize(16 * 1024)))}</pre>
 *
 * @param maxInitialLineLength longest request line; longer gets 414
 * @param maxHeaderSize        largest header block (and trailer block); larger gets 431
 * @param maxBodySize          largest body; larger gets 413 (decided from Content-Length before reading the body)
 * @param maxPipelinedRequests requests read ahead of their responses on one HTTP/1.1 connection before reading pauses
 * @param maxConnectionBuffer  bytes one connection may hold in request bodies awaiting their response and in
 *                             response data waiting to be sent; above it the server stops taking new requests
 *                             (HTTP/1.1: reading pauses; HTTP/2: flow-control credit is withheld and new streams are
 *                             refused) until it drains, and responses that would be queued beyond it are given up
 *                             (HTTP/2: the stream is reset with ENHANCE_YOUR_CALM; HTTP/1.1: the connection is
 *                             closed)
 */
public record HttpLimits(int maxInitialLineLength, int maxHeaderSize, long maxBodySize, int maxPipelinedRequests,
                         long maxConnectionBuffer) {

    /** Request line 4096, header block 8192, body 4 MiB, 64 pipelined requests, 16 MiB held per connection. */
    public static final HttpLimits DEFAULT = new HttpLimits(4096, 8192, 4L * 1024 * 1024, 64, 16L * 1024 * 1024);

    /** Validates every component; a message names the component and the offending value. */
    public HttpLimits {
        positive(maxInitialLineLength, "maxInitialLineLength");
        positive(maxHeaderSize, "maxHeaderSize");
        notNegative(maxBodySize, "maxBodySize");
        positive(maxPipelinedRequests, "maxPipelinedRequests");
        positive(maxConnectionBuffer, "maxConnectionBuffer");
    }

    /** A builder starting from {@link #DEFAULT}. */
    public static Builder builder() {
        return DEFAULT.toBuilder();
    }

    /** A builder holding these limits, to change some. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** Builds {@link HttpLimits}; {@link #build()} validates. */
    public static final class Builder {
        private int maxInitialLineLength;
        private int maxHeaderSize;
        private long maxBodySize;
        private int maxPipelinedRequests;
        private long maxConnectionBuffer;

        private Builder(HttpLimits limits) {
            maxInitialLineLength = limits.maxInitialLineLength;
            maxHeaderSize = limits.maxHeaderSize;
            maxBodySize = limits.maxBodySize;
            maxPipelinedRequests = limits.maxPipelinedRequests;
            maxConnectionBuffer = limits.maxConnectionBuffer;
        }

        /** Longest request line; default 4096. */
        public Builder maxInitialLineLength(int maxInitialLineLength) {
            this.maxInitialLineLength = maxInitialLineLength;
            return this;
        }

        /** Largest header (and trailer) block; default 8192. */
        public Builder maxHeaderSize(int maxHeaderSize) {
            this.maxHeaderSize = maxHeaderSize;
            return this;
        }

        /** Largest request body; default 4 MiB. */
        public Builder maxBodySize(long maxBodySize) {
            this.maxBodySize = maxBodySize;
            return this;
        }

        /** Requests read ahead of their responses on one HTTP/1.1 connection; default 64. */
        public Builder maxPipelinedRequests(int maxPipelinedRequests) {
            this.maxPipelinedRequests = maxPipelinedRequests;
            return this;
        }

        /** Bytes one connection may hold in bodies and unsent responses; default 16 MiB. */
        public Builder maxConnectionBuffer(long maxConnectionBuffer) {
            this.maxConnectionBuffer = maxConnectionBuffer;
            return this;
        }

        public HttpLimits build() {
            return new HttpLimits(maxInitialLineLength, maxHeaderSize, maxBodySize, maxPipelinedRequests,
                    maxConnectionBuffer);
        }
    }
}
