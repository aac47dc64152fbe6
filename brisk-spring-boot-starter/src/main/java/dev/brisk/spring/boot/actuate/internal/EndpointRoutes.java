package dev.brisk.spring.boot.actuate.internal;

import dev.brisk.rest.HttpStatusException;
import dev.brisk.rest.Route;
import dev.brisk.rest.Schedulers;
import io.netty.handler.codec.http.HttpMethod;
import org.springframework.boot.actuate.endpoint.web.EndpointLinksResolver;
import org.springframework.boot.actuate.endpoint.web.EndpointMediaTypes;
import org.springframework.boot.actuate.endpoint.web.ExposableWebEndpoint;
import org.springframework.boot.actuate.endpoint.web.WebOperation;
import org.springframework.boot.actuate.endpoint.web.WebServerNamespace;
import org.springframework.http.MediaType;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Actuator's web endpoints as Brisk routes: every operation of every exposed endpoint under the base path
 * ({@code management.endpoints.web.base-path}), and the discovery page listing them at the base path itself.
 */
public final class EndpointRoutes {

    private EndpointRoutes() {
    }

    /**
     * @param basePath  the base path, {@code ""} or starting with {@code /}
     * @param links     whether to serve the discovery page ({@code management.endpoints.web.discovery.enabled})
     * @param namespace the server the routes are on ({@code server} or {@code management})
     * @param mediaTypes the types the endpoints produce by default: the discovery page's
     */
    public static List<Route> of(Collection<ExposableWebEndpoint> endpoints, String basePath, boolean links,
                                 WebServerNamespace namespace, EndpointJson json, EndpointMediaTypes mediaTypes) {
        String base = normalize(basePath);
        Map<String, List<OperationHandler>> byPath = new LinkedHashMap<>();
        for (ExposableWebEndpoint endpoint : endpoints) {
            for (WebOperation operation : endpoint.getOperations()) {
                String path = base + "/" + operation.getRequestPredicate().getPath();
                String remaining = operation.getRequestPredicate().getMatchAllRemainingPathSegmentsVariable();
                String prefix = null;
                if (remaining != null) {
                    // "health/{*path}" is mapped as "health/**", as Spring MVC maps it: metrics name it so
                    prefix = path.substring(0, path.indexOf("{*" + remaining + "}"));
                    path = prefix + "**";
                }
                String key = operation.getRequestPredicate().getHttpMethod().name() + " " + path;
                byPath.computeIfAbsent(key, k -> new ArrayList<>())
                        .add(new OperationHandler(operation, namespace, json, prefix));
            }
        }
        List<Route> routes = new ArrayList<>();
        byPath.forEach((key, handlers) -> {
            int space = key.indexOf(' ');
            routes.add(Route.of(HttpMethod.valueOf(key.substring(0, space)), key.substring(space + 1))
                    .scheduler(Schedulers.WORKER).handler(OperationHandler.choosing(handlers)));
        });
        if (links && (!base.isEmpty() || namespace == WebServerNamespace.MANAGEMENT)) {
            EndpointLinksResolver resolver = new EndpointLinksResolver(endpoints, base);
            List<MediaType> produced = mediaTypes.getProduced().stream().map(MediaType::parseMediaType).toList();
            routes.add(Route.get(base.isEmpty() ? "/" : base).handler(ctx -> {
                List<String> accept = ctx.request().headers().all("accept");
                MediaType type = ResponseMediaType.choose(accept, produced);
                if (type == null) {
                    throw new HttpStatusException(406, "none of " + accept + " can be produced; available: "
                            + produced);
                }
                String host = ctx.header("host").orElse("localhost");
                String url = ctx.request().scheme() + "://" + host + ctx.request().path();
                ctx.header("content-type", type.toString());
                ctx.send(json.write(Map.of("_links", resolver.resolveLinks(url))));
            }));
        }
        return routes;
    }

    private static String normalize(String basePath) {
        if (basePath == null || basePath.isEmpty() || basePath.equals("/")) {
            return "";
        }
        String withSlash = basePath.startsWith("/") ? basePath : "/" + basePath;
        return withSlash.endsWith("/") ? withSlash.substring(0, withSlash.length() - 1) : withSlash;
    }
}
