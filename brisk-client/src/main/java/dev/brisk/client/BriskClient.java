package dev.brisk.client;

import dev.brisk.client.internal.ClientExtensions;
import dev.brisk.client.internal.ClientRuntime;
import dev.brisk.client.internal.Credentials;
import dev.brisk.client.internal.UriTemplates;
import dev.brisk.transport.NettyDefaults;
import io.netty.handler.codec.http.HttpMethod;

import java.net.URI;
import java.util.List;
import java.util.Objects;

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
    public static BriskClientBuilder builder() {
        return new BriskClientBuilder();
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

    /** A GET request to {@code url}: absolute, or relative to the {@link BriskClientBuilder#baseUri base URI}. */
    public RequestBuilder get(String url) {
        return request(HttpMethod.GET, url);
    }

    /** A GET request to {@code uriTemplate} expanded with {@code uriVariables}; see {@link #request(HttpMethod, String, Object...)}. */
    public RequestBuilder get(String uriTemplate, Object... uriVariables) {
        return request(HttpMethod.GET, uriTemplate, uriVariables);
    }

    /** A POST request to {@code url}: absolute, or relative to the {@link BriskClientBuilder#baseUri base URI}. */
    public RequestBuilder post(String url) {
        return request(HttpMethod.POST, url);
    }

    /** A POST request to {@code uriTemplate} expanded with {@code uriVariables}; see {@link #request(HttpMethod, String, Object...)}. */
    public RequestBuilder post(String uriTemplate, Object... uriVariables) {
        return request(HttpMethod.POST, uriTemplate, uriVariables);
    }

    /** A PUT request to {@code url}: absolute, or relative to the {@link BriskClientBuilder#baseUri base URI}. */
    public RequestBuilder put(String url) {
        return request(HttpMethod.PUT, url);
    }

    /** A PUT request to {@code uriTemplate} expanded with {@code uriVariables}; see {@link #request(HttpMethod, String, Object...)}. */
    public RequestBuilder put(String uriTemplate, Object... uriVariables) {
        return request(HttpMethod.PUT, uriTemplate, uriVariables);
    }

    /** A DELETE request to {@code url}: absolute, or relative to the {@link BriskClientBuilder#baseUri base URI}. */
    public RequestBuilder delete(String url) {
        return request(HttpMethod.DELETE, url);
    }

    /** A DELETE request to {@code uriTemplate} expanded with {@code uriVariables}; see {@link #request(HttpMethod, String, Object...)}. */
    public RequestBuilder delete(String uriTemplate, Object... uriVariables) {
        return request(HttpMethod.DELETE, uriTemplate, uriVariables);
    }

    /** A PATCH request to {@code url}: absolute, or relative to the {@link BriskClientBuilder#baseUri base URI}. */
    public RequestBuilder patch(String url) {
        return request(HttpMethod.PATCH, url);
    }

    /** A PATCH request to {@code uriTemplate} expanded with {@code uriVariables}; see {@link #request(HttpMethod, String, Object...)}. */
    public RequestBuilder patch(String uriTemplate, Object... uriVariables) {
        return request(HttpMethod.PATCH, uriTemplate, uriVariables);
    }

    /** A HEAD request to {@code url}: absolute, or relative to the {@link BriskClientBuilder#baseUri base URI}. */
    public RequestBuilder head(String url) {
        return request(HttpMethod.HEAD, url);
    }

    /** A HEAD request to {@code uriTemplate} expanded with {@code uriVariables}; see {@link #request(HttpMethod, String, Object...)}. */
    public RequestBuilder head(String uriTemplate, Object... uriVariables) {
        return request(HttpMethod.HEAD, uriTemplate, uriVariables);
    }

    /** A OPTIONS request to {@code url}: absolute, or relative to the {@link BriskClientBuilder#baseUri base URI}. */
    public RequestBuilder options(String url) {
        return request(HttpMethod.OPTIONS, url);
    }

    /** A OPTIONS request to {@code uriTemplate} expanded with {@code uriVariables}; see {@link #request(HttpMethod, String, Object...)}. */
    public RequestBuilder options(String uriTemplate, Object... uriVariables) {
        return request(HttpMethod.OPTIONS, uriTemplate, uriVariables);
    }

    /**
     * A request with any method; {@code url} is absolute ({@code http://host[:port]/path?query}) or, with a
     * {@link BriskClientBuilder#baseUri base URI}, relative to it. Credentials in the URL ({@code http://user:pw@host/})
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
}
