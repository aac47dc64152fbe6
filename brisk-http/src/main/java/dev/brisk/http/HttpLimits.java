package dev.brisk.http;

/**
 * Size limits enforced while parsing requests.
 *
 * @param maxInitialLineLength longest request line; longer gets 414
 * @param maxHeaderSize        largest header block (and trailer block); larger gets 431
 * @param maxBodySize          largest body; larger gets 413 (decided from Content-Length before reading the body)
 * @param maxPipelinedRequests requests read ahead of their responses on one HTTP/1.1 connection before reading pauses
 */
public record HttpLimits(int maxInitialLineLength, int maxHeaderSize, long maxBodySize, int maxPipelinedRequests) {

    /** Request line 4096, header block 8192, body 4 MiB, 64 pipelined requests. */
    public static final HttpLimits DEFAULT = new HttpLimits(4096, 8192, 4L * 1024 * 1024, 64);

    public HttpLimits {
        positive(maxInitialLineLength, "maxInitialLineLength");
        positive(maxHeaderSize, "maxHeaderSize");
        if (maxBodySize < 0) {
            throw new IllegalArgumentException("maxBodySize must be >= 0: " + maxBodySize);
        }
        positive(maxPipelinedRequests, "maxPipelinedRequests");
    }

    public HttpLimits withMaxInitialLineLength(int value) {
        return new HttpLimits(value, maxHeaderSize, maxBodySize, maxPipelinedRequests);
    }

    public HttpLimits withMaxHeaderSize(int value) {
        return new HttpLimits(maxInitialLineLength, value, maxBodySize, maxPipelinedRequests);
    }

    public HttpLimits withMaxBodySize(long value) {
        return new HttpLimits(maxInitialLineLength, maxHeaderSize, value, maxPipelinedRequests);
    }

    public HttpLimits withMaxPipelinedRequests(int value) {
        return new HttpLimits(maxInitialLineLength, maxHeaderSize, maxBodySize, value);
    }

    private static void positive(long value, String name) {
        if (value <= 0) {
            throw new IllegalArgumentException(name + " must be > 0: " + value);
        }
    }
}
