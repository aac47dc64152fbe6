package dev.brisk.rest.jaxrs.internal;

import dev.brisk.http.ServerRequest;
import jakarta.ws.rs.core.MultivaluedHashMap;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.PathSegment;
import jakarta.ws.rs.core.UriBuilder;
import jakarta.ws.rs.core.UriInfo;

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The URIs of a request as Jakarta REST describes them: the base URI is the server's origin, Brisk's context path and
 * the application's {@code @ApplicationPath}; paths are relative to it.
 */
final class UriInfoImpl implements UriInfo {

    private final Exchange exchange;
    private final ServerRequest request;
    private URI baseUri;

    UriInfoImpl(Exchange exchange) {
        this.exchange = exchange;
        this.request = exchange.serverRequest();
    }

    /**
     * The context path Brisk serves under: what precedes the routed path in the request path (followed by the one
     * trailing slash routing set aside, if so).
     */
    String contextPrefix() {
        if (exchange.endpoint() == null) {
            return "";
        }
        String stripped = Uris.stripMatrix(request.rawPath());
        String routed = exchange.context().routePath();
        int end = stripped.length();
        if (!stripped.endsWith(routed) && end > routed.length() && stripped.charAt(end - 1) == '/'
                && stripped.startsWith(routed, end - 1 - routed.length())) {
            end--;
        }
        return stripped.startsWith(routed, end - routed.length()) ? stripped.substring(0, end - routed.length()) : "";
    }

    /** The raw request path within the context path, matrix parameters included. */
    String pathWithinContext() {
        String raw = request.rawPath();
        String prefix = contextPrefix();
        return raw.startsWith(prefix) ? raw.substring(prefix.length()) : raw;
    }

    /** The raw path relative to the base URI, without a leading '/'. */
    private String rawRelativePath() {
        String path = request.rawPath();
        String base = getBaseUri().getRawPath();
        if (path.startsWith(base)) {
            return path.substring(base.length());
        }
        String trimmed = base.substring(0, base.length() - 1);
        return path.equals(trimmed) ? "" : path.startsWith("/") ? path.substring(1) : path;
    }

    @Override
    public String getPath() {
        return getPath(true);
    }

    @Override
    public String getPath(boolean decode) {
        String raw = rawRelativePath();
        return decode ? Uris.decode(raw, false) : raw;
    }

    @Override
    public List<PathSegment> getPathSegments() {
        return getPathSegments(true);
    }

    @Override
    public List<PathSegment> getPathSegments(boolean decode) {
        List<PathSegment> segments = new ArrayList<>();
        for (String raw : rawRelativePath().split("/", -1)) {
            segments.add(Segment.of(raw, decode));
        }
        return segments;
    }

    @Override
    public URI getRequestUri() {
        String query = request.rawQuery();
        return URI.create(origin() + request.rawPath() + (query.isEmpty() ? "" : "?" + query));
    }

    @Override
    public UriBuilder getRequestUriBuilder() {
        return UriBuilder.fromUri(getRequestUri());
    }

    @Override
    public URI getAbsolutePath() {
        return URI.create(origin() + request.rawPath());
    }

    @Override
    public UriBuilder getAbsolutePathBuilder() {
        return UriBuilder.fromUri(getAbsolutePath());
    }

    @Override
    public URI getBaseUri() {
        if (baseUri == null) {
            String application = exchange.applicationPath();
            String path = contextPrefix() + (application.equals("/") ? "" : application) + "/";
            baseUri = URI.create(origin() + path);
        }
        return baseUri;
    }

    @Override
    public UriBuilder getBaseUriBuilder() {
        return UriBuilder.fromUri(getBaseUri());
    }

    private String origin() {
        String host = request.headers().get("host", null);
        if (host == null) {
            host = request.headers().get(":authority", null);
        }
        if (host == null) {
            SocketAddress local = request.localAddress();
            host = local instanceof InetSocketAddress inet
                    ? inet.getHostString() + ":" + inet.getPort() : "localhost";
        }
        return request.scheme() + "://" + host;
    }

    @Override
    public MultivaluedMap<String, String> getPathParameters() {
        return getPathParameters(true);
    }

    @Override
    public MultivaluedMap<String, String> getPathParameters(boolean decode) {
        return exchange.endpoint() == null ? new MultivaluedHashMap<>() : exchange.pathValues(decode);
    }

    @Override
    public MultivaluedMap<String, String> getQueryParameters() {
        return getQueryParameters(true);
    }

    @Override
    public MultivaluedMap<String, String> getQueryParameters(boolean decode) {
        MultivaluedMap<String, String> params = new MultivaluedHashMap<>();
        Uris.parseQuery(request.rawQuery(), decode).forEach(params::put);
        return params;
    }

    @Override
    public List<String> getMatchedURIs() {
        return getMatchedURIs(true);
    }

    @Override
    public List<String> getMatchedURIs(boolean decode) {
        return exchange.endpoint() == null ? List.of() : List.of(getPath(decode));
    }

    @Override
    public String getMatchedResourceTemplate() {
        return exchange.endpoint() == null ? null : exchange.endpoint().template().template();
    }

    @Override
    public List<Object> getMatchedResources() {
        return exchange.matchedResources();
    }

    @Override
    public URI resolve(URI uri) {
        return getBaseUri().resolve(uri);
    }

    @Override
    public URI relativize(URI uri) {
        URI absolute = uri.isAbsolute() ? uri : getBaseUri().resolve(uri);
        return getRequestUri().resolve(".").relativize(absolute);
    }

    /** One path segment with its matrix parameters. */
    record Segment(String path, MultivaluedMap<String, String> matrix) implements PathSegment {

        static Segment of(String raw, boolean decode) {
            int semicolon = raw.indexOf(';');
            String path = semicolon < 0 ? raw : raw.substring(0, semicolon);
            MultivaluedMap<String, String> matrix = new MultivaluedHashMap<>();
            for (Map.Entry<String, List<String>> entry : Uris.matrix(raw, decode).entrySet()) {
                matrix.put(entry.getKey(), entry.getValue());
            }
            return new Segment(decode ? Uris.decode(path, false) : path, matrix);
        }

        @Override
        public String getPath() {
            return path;
        }

        @Override
        public MultivaluedMap<String, String> getMatrixParameters() {
            return matrix;
        }
    }
}
