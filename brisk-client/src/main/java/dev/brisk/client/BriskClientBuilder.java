package dev.brisk.client;

import dev.brisk.client.internal.ClientExtensions;
import dev.brisk.codec.Codecs;
import dev.brisk.http.common.Headers;
import dev.brisk.http.common.WritableHeaders;
import dev.brisk.transport.TlsOptions;
import dev.brisk.transport.Transport;
import io.netty.channel.EventLoopGroup;
import dev.brisk.client.internal.Credentials;
import io.netty.handler.codec.http.HttpHeaderNames;

import java.net.CookieHandler;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Builds a {@link BriskClient}: the everyday settings (base URI, credentials, default headers, cookies, TLS,
 * interceptors) here, every other option on {@link ClientOptions.Builder} through
 * {@link #options(java.util.function.Consumer)}, each with a sane default; {@link #options()} shows the result,
 * {@link #build()} starts the client. Obtained from {@link BriskClient#builder()}.
 */
public final class BriskClientBuilder {
    private ClientOptions.Builder options = ClientOptions.builder();
    private final WritableHeaders defaultHeaders = WritableHeaders.create();
    private final List<Interceptor> interceptors = new ArrayList<>();
    private boolean loadInterceptors = true;
    private final List<EncodeAdvice> encodeAdvices = new ArrayList<>();
    private final List<DecodeAdvice> decodeAdvices = new ArrayList<>();
    private ClientMetrics metrics;

    BriskClientBuilder() {
        ClientOptions.DEFAULT_HEADERS.forEach(defaultHeaders::add);
    }

    /**
     * Takes every option from {@code options} (built with {@link ClientOptions#builder()}, or read from another
     * client), its default headers and interceptors included; later setters change single options.
     */
    public BriskClientBuilder options(ClientOptions options) {
        this.options = Objects.requireNonNull(options, "options must not be null").toBuilder();
        defaultHeaders(options.defaultHeaders());
        interceptors.clear();
        interceptors.addAll(options.interceptors());
        return this;
    }

    /**
     * Changes options on the {@link ClientOptions.Builder} this builder holds, where every option is set and
     * documented with its default: {@code options(o -> o.connectTimeout(Duration.ofSeconds(2)).maxRedirects(3))}.
     * Default headers and interceptors are set here, on this builder.
     */
    public BriskClientBuilder options(java.util.function.Consumer<ClientOptions.Builder> change) {
        Objects.requireNonNull(change, "change must not be null").accept(options);
        return this;
    }

    /** A header sent with every request unless the request sets it; {@code User-Agent} is preset. */
    public BriskClientBuilder defaultHeader(CharSequence name, Object value) {
        defaultHeaders.set(name, String.valueOf(Objects.requireNonNull(value, "value")));
        return this;
    }

    /**
     * Replaces every default header, the preset {@code User-Agent} included, with {@code headers} (empty for none);
     * later {@link #defaultHeader} calls add to them.
     */
    public BriskClientBuilder defaultHeaders(Headers headers) {
        Objects.requireNonNull(headers, "headers");
        defaultHeaders.clear();
        headers.forEach(defaultHeaders::add);
        return this;
    }

    /**
     * What relative request targets ({@code /users/1}, {@code users/1}) resolve against, by the rules of RFC 3986 as
     * {@link URI#resolve(URI)} applies them: a relative path replaces the base's last segment, so
     * {@code http://host/api} with {@code users/1} gives {@code http://host/users/1} and {@code http://host/api/} gives
     * {@code http://host/api/users/1}; a target starting with {@code /} replaces the whole path. Absolute targets
     * ignore it. Default none: a relative target then fails with {@link IllegalArgumentException}.
     *
     * @throws IllegalArgumentException when {@code baseUri} is not an absolute URI with a host, or has a query or
     *                                  fragment
     */
    public BriskClientBuilder baseUri(String baseUri) {
        Objects.requireNonNull(baseUri, "baseUri");
        URI parsed;
        try {
            parsed = new URI(baseUri);
        } catch (java.net.URISyntaxException e) {
            throw new IllegalArgumentException("invalid baseUri \"" + baseUri + "\": " + e.getMessage(), e);
        }
        return baseUri(parsed);
    }

    /** As {@link #baseUri(String)}, already parsed. */
    public BriskClientBuilder baseUri(URI baseUri) {
        ClientOptions.checkBase(Objects.requireNonNull(baseUri, "baseUri"));
        options.baseUri(Optional.of(baseUri));
        return this;
    }

    /**
     * Keeps cookies between requests, as {@code java.net.http.HttpClient} does: every response's header fields go to
     * {@link CookieHandler#put}, and every request (redirects included) gets the {@code Cookie} header that
     * {@link CookieHandler#get} returns for its URI, after the cookies the request sets itself. A
     * {@link java.net.CookieManager} applies the RFC 6265 rules (domain, path, {@code Secure}, expiry). Default none:
     * {@code Set-Cookie} is ignored.
     */
    public BriskClientBuilder cookieHandler(CookieHandler cookieHandler) {
        options.cookieHandler(Optional.of(Objects.requireNonNull(cookieHandler, "cookieHandler")));
        return this;
    }

    /**
     * Sends {@code Authorization: Basic ...} ({@code user:password} in UTF-8, Base64) with every request that sets no
     * {@code Authorization} itself. Like every credential it is not sent on to another origin when a redirect leads
     * there.
     */
    public BriskClientBuilder basicAuth(String user, String password) {
        defaultHeaders.set(HttpHeaderNames.AUTHORIZATION, Credentials.basic(user, password));
        return this;
    }

    /** Sends {@code Authorization: Bearer token} with every request that sets none itself; see {@link #basicAuth}. */
    public BriskClientBuilder bearerAuth(String token) {
        defaultHeaders.set(HttpHeaderNames.AUTHORIZATION, Credentials.bearer(token));
        return this;
    }

    /** Adds an interceptor; see {@link Interceptor} for the order. */
    public BriskClientBuilder interceptor(Interceptor interceptor) {
        interceptors.add(Objects.requireNonNull(interceptor, "interceptor"));
        return this;
    }

    /** Adds an advice around request body encoding; see {@link EncodeAdvice} for when and in which order. */
    public BriskClientBuilder encodeAdvice(EncodeAdvice advice) {
        encodeAdvices.add(Objects.requireNonNull(advice, "advice"));
        return this;
    }

    /** Adds an advice around {@link HttpResponse#bodyAs(Class)}; see {@link DecodeAdvice} for the order. */
    public BriskClientBuilder decodeAdvice(DecodeAdvice advice) {
        decodeAdvices.add(Objects.requireNonNull(advice, "advice"));
        return this;
    }

    /**
     * Whether extensions registered with {@link java.util.ServiceLoader} are added: {@link Interceptor}s,
     * {@link EncodeAdvice}s, {@link DecodeAdvice}s and what {@link ClientExtensionFactory factories} return;
     * default true. A registered interceptor is skipped when one of its class is already there (as in the options of
     * another client given to {@link #options(ClientOptions)}).
     */
    public BriskClientBuilder loadInterceptors(boolean loadInterceptors) {
        this.loadInterceptors = loadInterceptors;
        return this;
    }

    /**
     * Reports calls and host pools to {@code metrics} (for Micrometer:
     * {@code dev.brisk.micrometer.client.MicrometerClientMetrics} in brisk-micrometer); default none, which costs
     * nothing.
     */
    public BriskClientBuilder metrics(ClientMetrics metrics) {
        this.metrics = Objects.requireNonNull(metrics, "metrics");
        return this;
    }

    /**
     * TLS settings for {@code https://}: trusted certificates, a client certificate for mutual TLS, protocols and
     * ciphers; default the JDK trust store with host name verification. {@link TlsOptions#insecure()} trusts
     * everything (tests against self-signed servers only). Settings other than the default are turned into a TLS
     * context by {@link #build()}, which fails with {@link dev.brisk.transport.TlsConfigurationException} naming the
     * problem.
     */
    public BriskClientBuilder tls(TlsOptions tls) {
        options.tls(tls);
        return this;
    }

    /** The options as configured so far; fails naming the option and its value when one is invalid. */
    public ClientOptions options() {
        List<Interceptor> all = new ArrayList<>(interceptors);
        if (loadInterceptors) {
            for (Interceptor found : java.util.ServiceLoader.load(Interceptor.class)) {
                if (all.stream().noneMatch(present -> present.getClass() == found.getClass())) {
                    all.add(found);
                }
            }
        }
        all.sort(java.util.Comparator.comparingInt(Interceptor::order));
        return options.defaultHeaders(Headers.copyOf(defaultHeaders)).interceptors(all).build();
    }

    /**
     * Builds the client; its event loops start now (unless a group was given). Extension factories are asked
     * here, with {@link #options()}: what they return is added to the client, not to its options.
     *
     * @throws IllegalStateException naming the factory when an extension factory fails
     * @throws dev.brisk.transport.TlsConfigurationException when the {@link #tls(TlsOptions) TLS settings} cannot be
     *                                                       used (an unknown cipher, an unreadable key)
     */
    public BriskClient build() {
        ClientOptions options = options();
        return new BriskClient(options, ClientExtensions.assemble(options, encodeAdvices, decodeAdvices,
                loadInterceptors), metrics);
    }
}
