package dev.brisk.client;

import java.util.Collection;
import java.util.List;

/**
 * Adds interceptors and advices to a client, chosen from its options: registered with
 * {@link java.util.ServiceLoader} (in {@code META-INF/services/dev.brisk.client.ClientExtensionFactory}) and asked once
 * by {@link BriskClient.Builder#build()}, unless {@link BriskClient.Builder#loadInterceptors(boolean)} turned loading
 * off. What it returns joins what the builder and the ServiceLoader provide, ordered by {@code order()}.
 *
 * <pre>{@code
 * public final class TracingExtensions implements ClientExtensionFactory {
 *     public Collection<Interceptor> interceptors(ClientOptions options) {
 *         return options.protocol() == ProtocolPolicy.H2 ? List.of(new StreamTagger()) : List.of();
 *     }
 * }
 * }</pre>
 *
 * <p>An exception thrown here fails {@code build()} with a {@link IllegalStateException} naming the factory.
 */
public interface ClientExtensionFactory {

    /** Interceptors to add for a client with {@code options}; default none. */
    default Collection<Interceptor> interceptors(ClientOptions options) {
        return List.of();
    }

    /** Encode advices to add for a client with {@code options}; default none. */
    default Collection<EncodeAdvice> encodeAdvices(ClientOptions options) {
        return List.of();
    }

    /** Decode advices to add for a client with {@code options}; default none. */
    default Collection<DecodeAdvice> decodeAdvices(ClientOptions options) {
        return List.of();
    }
}
