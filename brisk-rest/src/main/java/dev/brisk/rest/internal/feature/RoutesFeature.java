package dev.brisk.rest.internal.feature;

import dev.brisk.http.WebSocketEndpoint;
import dev.brisk.http.WebSocketOptions;
import dev.brisk.rest.Route;
import dev.brisk.rest.feature.Feature;
import dev.brisk.rest.feature.FeatureContext;
import dev.brisk.rest.internal.staticfiles.StaticHandler;
import dev.brisk.rest.web.StaticOptions;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/** Routes a web feature serves: static files, class path resources, a WebSocket endpoint. */
public record RoutesFeature(List<Route> routes) implements Feature {

    public RoutesFeature {
        routes = List.copyOf(routes);
    }

    /** The files of {@code directory} under {@code urlPath}. */
    public static RoutesFeature staticFiles(String urlPath, Path directory, StaticOptions options) {
        Objects.requireNonNull(directory, "directory");
        return new RoutesFeature(StaticHandler.files(Objects.requireNonNull(urlPath, "urlPath"), directory,
                Objects.requireNonNull(options, "options")).routes());
    }

    /** The resources below {@code locations} of {@code loader} under {@code urlPath}. */
    public static RoutesFeature classpathResources(String urlPath, ClassLoader loader, List<String> locations,
                                                   StaticOptions options) {
        return new RoutesFeature(StaticHandler.classpath(Objects.requireNonNull(urlPath, "urlPath"),
                Objects.requireNonNull(loader, "loader"), List.copyOf(locations),
                Objects.requireNonNull(options, "options")).routes());
    }

    /** The handshake route of a WebSocket endpoint: a GET route that upgrades the connection. */
    public static RoutesFeature webSocket(String path, WebSocketEndpoint endpoint, WebSocketOptions options) {
        Objects.requireNonNull(endpoint, "endpoint");
        Objects.requireNonNull(options, "options");
        return new RoutesFeature(List.of(Route.get(path).handler(ctx -> {
            ctx.async();
            ctx.request().upgradeToWebSocket(endpoint, options, ctx.pathParams());
        })));
    }

    @Override
    public void install(FeatureContext context) {
        routes.forEach(context::route);
    }
}
