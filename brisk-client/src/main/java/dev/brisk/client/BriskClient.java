package dev.brisk.client;

import dev.brisk.client.internal.ClientExtensions;
import dev.brisk.client.internal.ClientRuntime;
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
 * try (BriskClient client = BriskClient.create()) {
 *     User user = client.get("http://localhost:8080/users/1").execute()
 *             .toCompletableFuture().join().bodyAs(User.class);
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

    public RequestBuilder get(String url) {
        return request(HttpMethod.GET, url);
    }

    public RequestBuilder post(String url) {
        return request(HttpMethod.POST, url);
    }

    public RequestBuilder put(String url) {
        return request(HttpMethod.PUT, url);
    }

    public RequestBuilder delete(String url) {
        return request(HttpMethod.DELETE, url);
    }

    public RequestBuilder patch(String url) {
        return request(HttpMethod.PATCH, url);
    }

    public RequestBuilder head(String url) {
        return request(HttpMethod.HEAD, url);
    }

    public RequestBuilder options(String url) {
        return request(HttpMethod.OPTIONS, url);
    }

    /** A request with any method; {@code url} must be absolute ({@code http://host[:port]/path?query}). */
    public RequestBuilder request(HttpMethod method, String url) {
        return new RequestBuilder(runtime, defaults, Objects.requireNonNull(method, "method"),
                Objects.requireNonNull(url, "url"));
    }

    /**
     * A request to an absolute URI parsed beforehand: a target called again and again need not be parsed per request
     * (the {@code String} methods parse their URL each time).
     *
     * @throws IllegalArgumentException when {@code uri} is not absolute or has no host
     */
    public RequestBuilder request(HttpMethod method, URI uri) {
        Objects.requireNonNull(uri, "uri");
        if (!uri.isAbsolute() || uri.getHost() == null) {
            throw new IllegalArgumentException("URL must be absolute with a host: \"" + uri + "\"");
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
