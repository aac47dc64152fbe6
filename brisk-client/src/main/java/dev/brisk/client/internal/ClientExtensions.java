package dev.brisk.client.internal;

import dev.brisk.client.ClientExtensionFactory;
import dev.brisk.client.ClientOptions;
import dev.brisk.client.DecodeAdvice;
import dev.brisk.client.EncodeAdvice;
import dev.brisk.client.Interceptor;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.ServiceLoader;
import java.util.function.Function;

/**
 * The interceptors and advices a client runs with, each list in ascending order: those of the builder first, then
 * those found through {@link ServiceLoader}, then those returned by {@link ClientExtensionFactory factories}. Not API.
 *
 * @param interceptors  the interceptor chain
 * @param encodeAdvices the advices around request body encoding
 * @param decodeAdvices the advices around response body decoding
 */
public record ClientExtensions(List<Interceptor> interceptors, List<EncodeAdvice> encodeAdvices,
                               List<DecodeAdvice> decodeAdvices) {

    public ClientExtensions {
        interceptors = List.copyOf(interceptors);
        encodeAdvices = List.copyOf(encodeAdvices);
        decodeAdvices = List.copyOf(decodeAdvices);
    }

    /** The interceptors of {@code options} and no advices. */
    public static ClientExtensions of(ClientOptions options) {
        return new ClientExtensions(options.interceptors(), List.of(), List.of());
    }

    /**
     * Adds to the builder's advices those registered with {@link ServiceLoader} and what every factory returns for
     * {@code options}, when {@code load} is set; {@code options.interceptors()} already holds the builder's and the
     * ServiceLoader's interceptors.
     *
     * @throws IllegalStateException naming the factory when one fails
     */
    public static ClientExtensions assemble(ClientOptions options, List<EncodeAdvice> encodeAdvices,
                                            List<DecodeAdvice> decodeAdvices, boolean load) {
        List<Interceptor> interceptors = new ArrayList<>(options.interceptors());
        List<EncodeAdvice> encode = new ArrayList<>(encodeAdvices);
        List<DecodeAdvice> decode = new ArrayList<>(decodeAdvices);
        if (load) {
            ServiceLoader.load(EncodeAdvice.class).forEach(encode::add);
            ServiceLoader.load(DecodeAdvice.class).forEach(decode::add);
            for (ClientExtensionFactory factory : ServiceLoader.load(ClientExtensionFactory.class)) {
                interceptors.addAll(ask(factory, "interceptors", options, factory::interceptors));
                encode.addAll(ask(factory, "encodeAdvices", options, factory::encodeAdvices));
                decode.addAll(ask(factory, "decodeAdvices", options, factory::decodeAdvices));
            }
        }
        interceptors.sort(Comparator.comparingInt(Interceptor::order));
        encode.sort(Comparator.comparingInt(EncodeAdvice::order));
        decode.sort(Comparator.comparingInt(DecodeAdvice::order));
        return new ClientExtensions(interceptors, encode, decode);
    }

    private static <T> Collection<T> ask(ClientExtensionFactory factory, String method, ClientOptions options,
                                         Function<ClientOptions, Collection<T>> call) {
        String name = factory.getClass().getName() + "." + method;
        Collection<T> result;
        try {
            result = call.apply(options);
        } catch (RuntimeException e) {
            throw new IllegalStateException("client extension factory " + name + " failed: " + e, e);
        }
        if (result == null || result.stream().anyMatch(Objects::isNull)) {
            throw new IllegalStateException("client extension factory " + name + " returned null"
                    + (result == null ? "" : " elements"));
        }
        return result;
    }
}
