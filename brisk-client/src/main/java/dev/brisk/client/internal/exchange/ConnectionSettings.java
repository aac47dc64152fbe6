package dev.brisk.client.internal.exchange;

import dev.brisk.client.internal.http3.AlternativeService;
import dev.brisk.client.internal.pool.HostKey;
import dev.brisk.codec.Codecs;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;

import java.util.Objects;

/**
 * What a connection to one origin needs to know, the same for every connection of a pool.
 *
 * @param key                        the origin
 * @param codecs                     body codecs of the responses
 * @param maxResponseSize            the largest body read into memory
 * @param decompression              whether gzip and deflate are asked for and decoded
 * @param zeroCopy                   whether file bodies may be sent as a {@code FileRegion} (not through TLS)
 * @param expectContinueTimeoutNanos how long a request with {@code Expect: 100-continue} waits for the 100
 * @param altSvc                     where {@code Alt-Svc} fields of responses are recorded; null when the client does
 *                                   not discover HTTP/3 (then the field is not even looked up)
 */
public record ConnectionSettings(HostKey key, Codecs codecs, long maxResponseSize, boolean decompression,
                                 boolean zeroCopy, long expectContinueTimeoutNanos, AlternativeService altSvc) {

    public ConnectionSettings {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(codecs, "codecs");
    }

    /** Settings of a connection that records no {@code Alt-Svc}. */
    public ConnectionSettings(HostKey key, Codecs codecs, long maxResponseSize, boolean decompression,
                              boolean zeroCopy, long expectContinueTimeoutNanos) {
        this(key, codecs, maxResponseSize, decompression, zeroCopy, expectContinueTimeoutNanos, null);
    }

    /** Records the {@code Alt-Svc} field of a response head, when the client discovers HTTP/3. */
    public void recordAltSvc(HttpHeaders head) {
        AlternativeService alternative = altSvc;
        if (alternative != null) {
            String advertised = head.get(HttpHeaderNames.ALT_SVC);
            if (advertised != null) {
                alternative.advertised(advertised);
            }
        }
    }
}
