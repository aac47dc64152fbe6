package dev.brisk.client.internal.exchange;

import dev.brisk.client.internal.pool.HostKey;
import dev.brisk.codec.Codecs;

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
 */
public record ConnectionSettings(HostKey key, Codecs codecs, long maxResponseSize, boolean decompression,
                                 boolean zeroCopy, long expectContinueTimeoutNanos) {

    public ConnectionSettings {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(codecs, "codecs");
    }
}
