package dev.brisk.rest.web;

import dev.brisk.http.CompressionOptions;
import dev.brisk.http.WebSocketEndpoint;
import dev.brisk.http.WebSocketOptions;
import dev.brisk.http.WebSocketSession;
import dev.brisk.rest.Route;
import dev.brisk.rest.multipart.MultipartOptions;

import java.nio.file.Path;
import java.util.List;

/**
 * The web features of a server, set with {@code Brisk.server().web(w -> w.cors(..).staticFiles(..).compression(..))}:
 * CORS, static files and class path resources, compression, multipart bodies and WebSocket endpoints.
 */
public interface WebConfig {

    /**
     * CORS rules for every route; same as {@code cors("/**", config)}. A route's own rules ({@link Route.Builder#cors})
     * are combined over them.
     */
    WebConfig cors(CorsConfig config);

    /**
     * CORS rules for the routes under {@code pathPattern} (route template syntax, e.g. {@code /api/**}); when several
     * patterns match a path, the first registered wins, as with Spring's CORS mappings.
     */
    WebConfig cors(String pathPattern, CorsConfig config);

    /**
     * Compresses responses (gzip, deflate, and br or zstd when their libraries are present) for clients that accept
     * it, and decodes encoded request bodies; default off.
     */
    WebConfig compression(CompressionOptions compression);

    /** How {@code multipart/form-data} bodies are received (limits, spilling to disk). */
    WebConfig multipart(MultipartOptions multipart);

    /**
     * Serves the files of {@code directory} under {@code urlPath} (e.g. {@code /assets}) with
     * {@link StaticOptions#DEFAULT}: GET and HEAD, validators and conditional requests, byte ranges, precompressed
     * variants, never a directory listing.
     */
    WebConfig staticFiles(String urlPath, Path directory);

    /** Serves the files of {@code directory} under {@code urlPath} as {@code options} say. */
    WebConfig staticFiles(String urlPath, Path directory, StaticOptions options);

    /**
     * Serves the class path resources below {@code location} (e.g. {@code static}, as Spring Boot's
     * {@code classpath:/static/}) under {@code urlPath}, from this thread's context class loader.
     */
    WebConfig classpathResources(String urlPath, String location);

    /** Serves the class path resources below {@code location} under {@code urlPath} as {@code options} say. */
    WebConfig classpathResources(String urlPath, String location, StaticOptions options);

    /** Serves the resources below {@code location} of {@code loader} under {@code urlPath}. */
    WebConfig classpathResources(String urlPath, ClassLoader loader, String location, StaticOptions options);

    /**
     * Serves the resources below several class path {@code locations} of {@code loader} under {@code urlPath}: the
     * first location holding a path serves it (as Spring Boot's {@code spring.web.resources.static-locations}).
     */
    WebConfig classpathResources(String urlPath, ClassLoader loader, List<String> locations, StaticOptions options);

    /** Same as {@link #webSocket(String, WebSocketEndpoint, WebSocketOptions)} with default options. */
    WebConfig webSocket(String path, WebSocketEndpoint endpoint);

    /**
     * Serves WebSocket connections to the path template {@code path} (e.g. {@code /chat/{room}}) with
     * {@code endpoint}; the matched parameters are the session's {@link WebSocketSession#pathParams()}. The handshake
     * is a {@code GET} route like any other, so filters run before the upgrade (authentication, CORS); a request
     * without a valid handshake gets {@code 426} or {@code 400}.
     */
    WebConfig webSocket(String path, WebSocketEndpoint endpoint, WebSocketOptions options);
}
