package dev.brisk.rest.internal;

import dev.brisk.rest.internal.cors.CorsProcessor;
import dev.brisk.rest.internal.router.PathPattern;
import dev.brisk.rest.internal.router.RouteMatch;
import dev.brisk.rest.internal.router.Router;
import dev.brisk.rest.web.CorsConfig;
import io.netty.handler.codec.http.HttpMethod;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The server's CORS rules by path pattern, in registration order ({@code cors(config)} is the pattern {@code /**}).
 * Routes take theirs at startup ({@link RouteCors}); this lookup by path serves preflights for methods no route has.
 */
final class CorsMappings {

    /** One registration: the pattern, its rules, and a matcher for paths the route templates cannot decide. */
    record Mapping(PathPattern pattern, CorsConfig config, Router<Boolean> matcher) {

        boolean matches(String path) {
            return matcher.find(HttpMethod.GET, path, new RouteMatch<>());
        }
    }

    static final CorsMappings NONE = new CorsMappings(List.of());

    private final List<Mapping> mappings;

    CorsMappings(List<Map.Entry<String, CorsConfig>> registrations) {
        List<Mapping> list = new ArrayList<>();
        for (Map.Entry<String, CorsConfig> registration : registrations) {
            PathPattern pattern = PathPattern.parse(registration.getKey());
            list.add(new Mapping(pattern, registration.getValue(),
                    Router.of(List.of(new Router.Entry<>(HttpMethod.GET, pattern, Boolean.TRUE)))));
        }
        this.mappings = List.copyOf(list);
    }

    List<Mapping> mappings() {
        return mappings;
    }

    boolean isEmpty() {
        return mappings.isEmpty();
    }

    /** The rules of the first pattern matching {@code path}, or null. */
    CorsProcessor forPath(String path) {
        for (Mapping mapping : mappings) {
            if (mapping.matches(path)) {
                return new CorsProcessor(mapping.config());
            }
        }
        return null;
    }
}
