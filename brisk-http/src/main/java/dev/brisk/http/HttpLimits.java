package dev.brisk.http;

/**
 * Size limits enforced while parsing requests.
 *
 * @param maxInitialLineLength longest request line; longer gets 414
 * @param maxHeaderSize        largest header block (and trailer block); larger gets 431
 * @param maxBodySize          largest body; larger gets 413 (decided from Content-Length before reading the body)
 * @param maxPipelinedRequests requests read ahead of their responses on one HTTP/1.1 connection before reading pauses
 * @param maxConnectionBuffer  bytes one connection may hold in request bodies awaiting their response and in
 *                             response data waiting to be sent; above it the server stops taking new requests
 *                             (HTTP/1.1: reading pauses; HTTP/2: flow-control credit is withheld and new streams are
 *                             refused) until it drains
 */
public record HttpLimits(int maxInitialLineLength, int maxHeaderSize, long maxBodySize, int maxPipelinedRequests,
                         long maxConnectionBuffer) {

    /** Request line 4096, header block 8192, body 4 MiB, 64 pipelined requests, 16 MiB held per connection. */
    public static final HttpLimits DEFAULT = new HttpLimits(4096, 8192, 4L * 1024 * 1024, 64, 16L * 1024 * 1024);

    public HttpLimits {
        positive(maxInitialLineLength, "maxInitialLineLength");
        positive(maxHeaderSize, "maxHeaderSize");
        if (maxBodySize < 0) {
            throw new IllegalArgumentException("maxBodySize must be >= 0: " + maxBodySize);
        }
        positive(maxPipelinedRequests, "maxPipelinedRequests");
        positive(maxConnectionBuffer, "maxConnectionBuffer");
    }

    public HttpLimits withMaxInitialLineLength(int value) {
        return new HttpLimits(value, maxHeaderSize, maxBodySize, maxPipelinedRequests, maxConnectionBuffer);
    }

    public HttpLimits withMaxHeaderSize(int value) {
        return new HttpLimits(maxInitialLineLength, value, maxBodySize, maxPipelinedRequests, maxConnectionBuffer);
    }

    public HttpLimits withMaxBodySize(long value) {
        return new HttpLimits(maxInitialLineLength, maxHeaderSize, value, maxPipelinedRequests, maxConnectionBuffer);
    }

    public HttpLimits withMaxPipelinedRequests(int value) {
        return new HttpLimits(maxInitialLineLength, maxHeaderSize, maxBodySize, value, maxConnectionBuffer);
    }

    public HttpLimits withMaxConnectionBuffer(long value) {
        return new HttpLimits(maxInitialLineLength, maxHeaderSize, maxBodySize, maxPipelinedRequests, value);
    }

    private static void positive(long value, String name) {
        if (value <= 0) {
            throw new IllegalArgumentException(name + " must be > 0: " + value);
        }
    }
}
