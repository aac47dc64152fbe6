package dev.brisk.client;

import dev.brisk.client.internal.ClientExtensions;
import dev.brisk.client.internal.ClientRuntime;
import dev.brisk.client.internal.Credentials;
import dev.brisk.client.internal.UriTemplates;
import dev.brisk.http.common.Headers;
import dev.brisk.http.common.WritableHeaders;
import dev.brisk.transport.NettyDefaults;
import dev.brisk.transport.TlsOptions;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;

import java.net.CookieHandler;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.function.Consumer;

/**
 * An asynchronous HTTP/1.1 and HTTP/2 client on Netty with connection pools per host and per event loop. Create one
 * per application and share it; it is thread-safe. Close it to release its connections and, when it created them, its
 * event loop threads.
 *
 * <pre>{@code
 * try (BriskClient client = BriskClient.builder().baseUri("http://localhost:8080/").build()) {
 *     CompletionStage<User> user = client.get("/users/{id}", 1).retrieve(User.class); // fails unless 2xx
 *     HttpResponse response = client.post("/users").body(newUser).send();            // blocking, any status
 * }
 * }</pre>
 */
public final class BriskClient implements AutoCloseable {

    static {
        // before any Netty class initialises: the defaults Brisk applies unless the application set them
        NettyDefaults.apply();
    }

    private final ClientRuntime runtime;
    private final HttpRequest.Settings defaults;

    BriskClient(ClientOptions options, ClientExtensions extensions, ClientMetrics metrics) {
        this.runtime = new ClientRuntime(options, extensions, metrics);
        this.defaults = new HttpRequest.Settings(options.readTimeout(), options.writeTimeout(),
                options.callTimeout(), options.followRedirects(), options.maxRedirects(), options.retryPolicy());
    }

    /** A client with default options. */
    public static BriskClient create() {
        return builder().build();
    }

    /** A builder with sane defaults for every option. */
    public static Builder builder() {
        return new Builder();
    }

    /** The options this client runs with. */
    public ClientOptions options() {
        return runtime.options();
    }

    /**
     * A snapshot of every host pool the client keeps, one entry per {@code scheme://host:port} in no particular order.
     * Pools appear on a host's first request and disappear once unused for {@code poolExpiry}.
     */
    public List<PoolStats> poolStats() {
        return runtime.poolStats();
    }

    /** A GET request to {@code url}: absolute, or relative to the {@link Builder#baseUri base URI}. */
    public RequestBuilder get(String url) {
        return request(HttpMethod.GET, url);
    }

    /** A GET request to {@code uriTemplate} expanded with {@code uriVariables}; see {@link #request(HttpMethod, String, Object...)}. */
    public RequestBuilder get(String uriTemplate, Object... uriVariables) {
        return request(HttpMethod.GET, uriTemplate, uriVariables);
    }

    /** A POST request to {@code url}: absolute, or relative to the {@link Builder#baseUri base URI}. */
    public RequestBuilder post(String url) {
        return request(HttpMethod.POST, url);
    }

    /** A POST request to {@code uriTemplate} expanded with {@code uriVariables}; see {@link #request(HttpMethod, String, Object...)}. */
    public RequestBuilder post(String uriTemplate, Object... uriVariables) {
        return request(HttpMethod.POST, uriTemplate, uriVariables);
    }

    /** A PUT request to {@code url}: absolute, or relative to the {@link Builder#baseUri base URI}. */
    public RequestBuilder put(String url) {
        return request(HttpMethod.PUT, url);
    }

    /** A PUT request to {@code uriTemplate} expanded with {@code uriVariables}; see {@link #request(HttpMethod, String, Object...)}. */
    public RequestBuilder put(String uriTemplate, Object... uriVariables) {
        return request(HttpMethod.PUT, uriTemplate, uriVariables);
    }

    /** A DELETE request to {@code url}: absolute, or relative to the {@link Builder#baseUri base URI}. */
    public RequestBuilder delete(String url) {
        return request(HttpMethod.DELETE, url);
    }

    /** A DELETE request to {@code uriTemplate} expanded with {@code uriVariables}; see {@link #request(HttpMethod, String, Object...)}. */
    public RequestBuilder delete(String uriTemplate, Object... uriVariables) {
        return request(HttpMethod.DELETE, uriTemplate, uriVariables);
    }

    /** A PATCH request to {@code url}: absolute, or relative to the {@link Builder#baseUri base URI}. */
    public RequestBuilder patch(String url) {
        return request(HttpMethod.PATCH, url);
    }

    /** A PATCH request to {@code uriTemplate} expanded with {@code uriVariables}; see {@link #request(HttpMethod, String, Object...)}. */
    public RequestBuilder patch(String uriTemplate, Object... uriVariables) {
        return request(HttpMethod.PATCH, uriTemplate, uriVariables);
    }

    /** A HEAD request to {@code url}: absolute, or relative to the {@link Builder#baseUri base URI}. */
    public RequestBuilder head(String url) {
        return request(HttpMethod.HEAD, url);
    }

    /** A HEAD request to {@code uriTemplate} expanded with {@code uriVariables}; see {@link #request(HttpMethod, String, Object...)}. */
    public RequestBuilder head(String uriTemplate, Object... uriVariables) {
        return request(HttpMethod.HEAD, uriTemplate, uriVariables);
    }

    /** A OPTIONS request to {@code url}: absolute, or relative to the {@link Builder#baseUri base URI}. */
    public RequestBuilder options(String url) {
        return request(HttpMethod.OPTIONS, url);
    }

    /** A OPTIONS request to {@code uriTemplate} expanded with {@code uriVariables}; see {@link #request(HttpMethod, String, Object...)}. */
    public RequestBuilder options(String uriTemplate, Object... uriVariables) {
        return request(HttpMethod.OPTIONS, uriTemplate, uriVariables);
    }

    /**
     * A request with any method; {@code url} is absolute ({@code http://host[:port]/path?query}) or, with a
     * {@link Builder#baseUri base URI}, relative to it. Credentials in the URL ({@code http://user:pw@host/})
     * are sent as basic authentication (unless the request sets {@code Authorization}), never in the URL.
     */
    public RequestBuilder request(HttpMethod method, String url) {
        return new RequestBuilder(runtime, defaults, Objects.requireNonNull(method, "method"),
                Objects.requireNonNull(url, "url"));
    }

    /**
     * A request to {@code uriTemplate} with its {@code {name}} placeholders replaced, in order, by
     * {@code uriVariables}, each percent-encoded (UTF-8) for where it stands: in the path a value stays one segment
     * ({@code /}, {@code ?}, {@code #}, {@code ;}, space and non-ASCII are encoded), in the query one value
     * ({@code &}, {@code =}, {@code +}, {@code #}, space... are encoded). {@code client.get("/users/{id}/orders?since={d}",
     * id, date)}.
     *
     * @throws IllegalArgumentException naming the template when there are more or fewer variables than placeholders,
     *                                  or a variable is {@code null}
     */
    public RequestBuilder request(HttpMethod method, String uriTemplate, Object... uriVariables) {
        return request(method, UriTemplates.expand(uriTemplate, uriVariables));
    }

    /**
     * A request to an absolute URI parsed beforehand: a target called again and again need not be parsed per request
     * (the {@code String} methods parse their URL each time).
     *
     * A relative {@code uri} is resolved against the base URI now.
     *
     * @throws IllegalArgumentException when {@code uri} is not absolute with a host and cannot be resolved
     */
    public RequestBuilder request(HttpMethod method, URI uri) {
        Objects.requireNonNull(uri, "uri");
        if (!uri.isAbsolute()) {
            uri = RequestBuilder.resolve(runtime.options(), uri, uri.toString());
        }
        if (uri.getHost() == null) {
            throw new IllegalArgumentException("URL must be absolute with a host: \""
                    + Credentials.redact(uri.toString()) + "\"");
        }
        return new RequestBuilder(runtime, defaults, Objects.requireNonNull(method, "method"), uri);
    }

    /**
     * Closes every pooled connection, fails calls still running, and shuts down the event loops if the client created
     * them. Blocks until done. Idempotent.
     */
    @Override
    public void close() {
        runtime.close();
    }

    /**
     * Builds a {@link BriskClient}: the everyday settings (base URI, credentials, default headers, cookies, TLS,
     * interceptors) here, every other option on {@link ClientOptions.Builder} through
     * {@link #options(Consumer)}, each with a sane default; {@link #options()} shows the result,
     * {@link #build()} starts the client. Obtained from {@link #builder()}.
     */
    public static final class Builder {
        private ClientOptions.Builder options = ClientOptions.builder();
        private final WritableHeaders defaultHeaders = WritableHeaders.create();
        private final List<Interceptor> interceptors = new ArrayList<>();
        private boolean loadInterceptors = true;
        private final List<EncodeAdvice> encodeAdvices = new ArrayList<>();
        private final List<DecodeAdvice> decodeAdvices = new ArrayList<>();
        private ClientMetrics metrics;

        Builder() {
            ClientOptions.DEFAULT_HEADERS.forEach(defaultHeaders::add);
        }

        /**
         * Takes every option from {@code options} (built with {@link ClientOptions#builder()}, or read from another
         * client), its default headers and interceptors included; later setters change single options.
         */
        public Builder options(ClientOptions options) {
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
        public Builder options(Consumer<ClientOptions.Builder> change) {
            Objects.requireNonNull(change, "change must not be null").accept(options);
            return this;
        }

        /** A header sent with every request unless the request sets it; {@code User-Agent} is preset. */
        public Builder defaultHeader(CharSequence name, Object value) {
            defaultHeaders.set(name, String.valueOf(Objects.requireNonNull(value, "value")));
            return this;
        }

        /**
         * Replaces every default header, the preset {@code User-Agent} included, with {@code headers} (empty for none);
         * later {@link #defaultHeader} calls add to them.
         */
        public Builder defaultHeaders(Headers headers) {
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
        public Builder baseUri(String baseUri) {
            Objects.requireNonNull(baseUri, "baseUri");
            URI parsed;
            try {
                parsed = new URI(baseUri);
            } catch (URISyntaxException e) {
                throw new IllegalArgumentException("invalid baseUri \"" + baseUri + "\": " + e.getMessage(), e);
            }
            return baseUri(parsed);
        }

        /** As {@link #baseUri(String)}, already parsed. */
        public Builder baseUri(URI baseUri) {
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
        public Builder cookieHandler(CookieHandler cookieHandler) {
            options.cookieHandler(Optional.of(Objects.requireNonNull(cookieHandler, "cookieHandler")));
            return this;
        }

        /**
         * Sends {@code Authorization: Basic ...} ({@code user:password} in UTF-8, Base64) with every request that sets no
         * {@code Authorization} itself. Like every credential it is not sent on to another origin when a redirect leads
         * there.
         */
        public Builder basicAuth(String user, String password) {
            defaultHeaders.set(HttpHeaderNames.AUTHORIZATION, Credentials.basic(user, password));
            return this;
        }

        /** Sends {@code Authorization: Bearer token} with every request that sets none itself; see {@link #basicAuth}. */
        public Builder bearerAuth(String token) {
            defaultHeaders.set(HttpHeaderNames.AUTHORIZATION, Credentials.bearer(token));
            return this;
        }

        /** Adds an interceptor; see {@link Interceptor} for the order. */
        public Builder interceptor(Interceptor interceptor) {
            interceptors.add(Objects.requireNonNull(interceptor, "interceptor"));
            return this;
        }

        /** Adds an advice around request body encoding; see {@link EncodeAdvice} for when and in which order. */
        public Builder encodeAdvice(EncodeAdvice advice) {
            encodeAdvices.add(Objects.requireNonNull(advice, "advice"));
            return this;
        }

        /** Adds an advice around {@link HttpResponse#bodyAs(Class)}; see {@link DecodeAdvice} for the order. */
        public Builder decodeAdvice(DecodeAdvice advice) {
            decodeAdvices.add(Objects.requireNonNull(advice, "advice"));
            return this;
        }

        /**
         * Whether extensions registered with {@link ServiceLoader} are added: {@link Interceptor}s,
         * {@link EncodeAdvice}s, {@link DecodeAdvice}s and what {@link ClientExtensionFactory factories} return;
         * default true. A registered interceptor is skipped when one of its class is already there (as in the options of
         * another client given to {@link #options(ClientOptions)}).
         */
        public Builder loadInterceptors(boolean loadInterceptors) {
            this.loadInterceptors = loadInterceptors;
            return this;
        }

        /**
         * Reports calls and host pools to {@code metrics} (for Micrometer:
         * {@code dev.brisk.micrometer.client.MicrometerClientMetrics} in brisk-micrometer); default none, which costs
         * nothing.
         */
        public Builder metrics(ClientMetrics metrics) {
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
        public Builder tls(TlsOptions tls) {
            options.tls(tls);
            return this;
        }

        /** The options as configured so far; fails naming the option and its value when one is invalid. */
        public ClientOptions options() {
            List<Interceptor> all = new ArrayList<>(interceptors);
            if (loadInterceptors) {
                for (Interceptor found : ServiceLoader.load(Interceptor.class)) {
                    if (all.stream().noneMatch(present -> present.getClass() == found.getClass())) {
                        all.add(found);
                    }
                }
            }
            all.sort(Comparator.comparingInt(Interceptor::order));
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
}
