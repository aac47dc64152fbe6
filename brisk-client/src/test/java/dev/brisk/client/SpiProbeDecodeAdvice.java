package dev.brisk.client;

/**
 * Registered through META-INF/services, inert unless a response carries {@code X-Probe-Decode}: then it marks text
 * decoded from it, to show ServiceLoader decode advices run.
 */
public final class SpiProbeDecodeAdvice implements DecodeAdvice {

    @Override
    public Object aroundDecode(DecodeContext context) {
        Object value = context.next();
        if (value instanceof String text && context.response().header("X-Probe-Decode").isPresent()) {
            return text + " (spi)";
        }
        return value;
    }
}
