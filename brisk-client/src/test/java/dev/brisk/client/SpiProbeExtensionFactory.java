package dev.brisk.client;

import java.util.Collection;
import java.util.List;

/**
 * Registered through META-INF/services, inert unless the client's default headers name it: with
 * {@code X-Probe-Factory} it adds an interceptor reporting the options it was given and an encode advice; with
 * {@code X-Probe-Factory-Fail} it fails.
 */
public final class SpiProbeExtensionFactory implements ClientExtensionFactory {

    static final String ENABLE = "X-Probe-Factory";
    static final String FAIL = "X-Probe-Factory-Fail";

    @Override
    public Collection<Interceptor> interceptors(ClientOptions options) {
        if (options.defaultHeaders().contains(FAIL)) {
            throw new IllegalArgumentException("probe asked to fail");
        }
        if (!options.defaultHeaders().contains(ENABLE)) {
            return List.of();
        }
        String seen = options.protocol() + " " + options.maxRedirects();
        return List.of(chain -> chain.proceed(chain.request().withHeader("X-Factory-Options", seen)));
    }

    @Override
    public Collection<EncodeAdvice> encodeAdvices(ClientOptions options) {
        if (!options.defaultHeaders().contains(ENABLE)) {
            return List.of();
        }
        return List.of(context -> {
            context.headers().set("X-Factory-Advice", "yes");
            return context.next();
        });
    }
}
