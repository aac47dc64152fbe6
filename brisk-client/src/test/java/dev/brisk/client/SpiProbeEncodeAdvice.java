package dev.brisk.client;

/**
 * Registered through META-INF/services, inert unless a request carries {@code X-Probe-Encode}: then it reports the
 * encoded length in {@code X-Probe-Encoded}, to show ServiceLoader encode advices run.
 */
public final class SpiProbeEncodeAdvice implements EncodeAdvice {

    @Override
    public EncodedBody aroundEncode(EncodeContext context) {
        EncodedBody encoded = context.next();
        if (context.headers().contains("X-Probe-Encode")) {
            context.headers().set("X-Probe-Encoded", "spi " + encoded.length());
        }
        return encoded;
    }
}
