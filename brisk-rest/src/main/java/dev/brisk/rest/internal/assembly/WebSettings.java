package dev.brisk.rest.internal.assembly;

import dev.brisk.http.CompressionOptions;
import dev.brisk.http.WebSocketEndpoint;
import dev.brisk.http.WebSocketOptions;
import dev.brisk.rest.BriskServer;
import dev.brisk.rest.feature.Feature;
import dev.brisk.rest.internal.feature.CompressionFeature;
import dev.brisk.rest.internal.feature.CorsFeature;
import dev.brisk.rest.internal.feature.MultipartFeature;
import dev.brisk.rest.internal.feature.RoutesFeature;
import dev.brisk.rest.multipart.MultipartOptions;
import dev.brisk.rest.web.CorsConfig;
import dev.brisk.rest.web.StaticOptions;
import dev.brisk.rest.web.WebConfig;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The builder's {@link WebConfig}. Static files and class path resources are resolved when configured, so a bad
 * location fails there.
 */
final class WebSettings implements WebConfig {

    private final List<Feature> cors = new ArrayList<>();
    private CompressionOptions compression;
    private MultipartOptions multipart;
    private final List<Feature> routes = new ArrayList<>();

    @Override
    public WebConfig cors(CorsConfig config) {
        return cors("/**", config);
    }

    @Override
    public WebConfig cors(String pathPattern, CorsConfig config) {
        cors.add(new CorsFeature(pathPattern, config));
        return this;
    }

    @Override
    public WebConfig compression(CompressionOptions compression) {
        this.compression = Objects.requireNonNull(compression, "compression");
        return this;
    }

    @Override
    public WebConfig multipart(MultipartOptions multipart) {
        this.multipart = Objects.requireNonNull(multipart, "multipart");
        return this;
    }

    @Override
    public WebConfig staticFiles(String urlPath, Path directory) {
        return staticFiles(urlPath, directory, StaticOptions.DEFAULT);
    }

    @Override
    public WebConfig staticFiles(String urlPath, Path directory, StaticOptions options) {
        routes.add(RoutesFeature.staticFiles(urlPath, directory, options));
        return this;
    }

    @Override
    public WebConfig classpathResources(String urlPath, String location) {
        return classpathResources(urlPath, location, StaticOptions.DEFAULT);
    }

    @Override
    public WebConfig classpathResources(String urlPath, String location, StaticOptions options) {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        return classpathResources(urlPath, loader != null ? loader : BriskServer.class.getClassLoader(), location,
                options);
    }

    @Override
    public WebConfig classpathResources(String urlPath, ClassLoader loader, String location, StaticOptions options) {
        return classpathResources(urlPath, loader, List.of(Objects.requireNonNull(location, "location")), options);
    }

    @Override
    public WebConfig classpathResources(String urlPath, ClassLoader loader, List<String> locations,
                                        StaticOptions options) {
        routes.add(RoutesFeature.classpathResources(urlPath, loader, locations, options));
        return this;
    }

    @Override
    public WebConfig webSocket(String path, WebSocketEndpoint endpoint) {
        return webSocket(path, endpoint, WebSocketOptions.DEFAULT);
    }

    @Override
    public WebConfig webSocket(String path, WebSocketEndpoint endpoint, WebSocketOptions options) {
        routes.add(RoutesFeature.webSocket(path, endpoint, options));
        return this;
    }

    /** The features that install these settings: CORS rules, multipart, compression, then the routes. */
    void addFeatures(List<Feature> features) {
        features.addAll(cors);
        if (multipart != null) {
            features.add(new MultipartFeature(multipart));
        }
        if (compression != null) {
            features.add(new CompressionFeature(compression));
        }
        features.addAll(routes);
    }
}
