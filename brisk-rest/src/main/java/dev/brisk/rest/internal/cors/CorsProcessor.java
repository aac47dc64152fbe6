package dev.brisk.rest.internal.cors;

import dev.brisk.http.ServerRequest;
import dev.brisk.http.ServerResponse;
import dev.brisk.rest.web.CorsConfig;
import io.netty.handler.codec.http.HttpMethod;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Applies one {@link CorsConfig} to requests (Fetch standard, "CORS protocol"): checks a preflight's origin, method
 * and headers and writes the allow headers; checks an actual cross-origin request's origin and method and writes the
 * response headers scripts need. Requests without {@code Origin}, or from the server's own origin, pass untouched
 * (but for {@code Vary}). Immutable and thread-safe.
 */
public final class CorsProcessor {

    private static final String VARY = "vary";
    private static final List<String> CORS_VARY_NAMES = List.of("Origin", "Access-Control-Request-Method",
            "Access-Control-Request-Headers");
    private static final String CORS_VARY = String.join(", ", CORS_VARY_NAMES);

    private final CorsConfig config;
    private final OriginMatcher origins;
    private final boolean anyMethod;
    private final List<String> methods;
    private final String allowMethods;
    private final boolean anyHeader;
    private final List<String> headers;
    private final String exposed;
    private final String maxAge;

    public CorsProcessor(CorsConfig config) {
        this.config = config;
        this.origins = new OriginMatcher(config);
        this.anyMethod = config.allowedMethods().contains(CorsConfig.ALL);
        List<String> allowed = new ArrayList<>(config.allowedMethods());
        if (allowed.contains("GET") && !allowed.contains("HEAD")) {
            allowed.add("HEAD");
        }
        this.methods = List.copyOf(allowed);
        this.allowMethods = String.join(", ", config.allowedMethods());
        this.anyHeader = config.allowedHeaders().contains(CorsConfig.ALL);
        this.headers = config.allowedHeaders();
        this.exposed = String.join(", ", config.exposedHeaders());
        this.maxAge = Long.toString(config.maxAge().toSeconds());
    }

    public CorsConfig config() {
        return config;
    }

    /** Why a request was refused; null when it may go on. */
    public record Rejection(String reason) {
    }

    /**
     * Answers the checks of a preflight: on success writes the allow headers on {@code response} (the caller sends
     * it), otherwise returns why it is refused. Null also when the request is same-origin (nothing written then).
     */
    public Rejection preflight(ServerRequest request, ServerResponse response) {
        vary(response);
        String origin = request.headers().get("origin", null);
        if (SameOrigin.test(request, origin)) {
            return null;
        }
        if (!origins.matches(origin)) {
            return new Rejection("CORS preflight rejected: origin " + origin + " is not allowed");
        }
        String method = request.headers().get("access-control-request-method", "").trim();
        if (!anyMethod && !methods.contains(method)) {
            return new Rejection("CORS preflight rejected: method " + method + " is not allowed for origin "
                    + origin + "; allowed: " + allowMethods);
        }
        List<String> requested = requestedHeaders(request);
        if (!anyHeader) {
            for (String header : requested) {
                if (!headers.contains(header)) {
                    return new Rejection("CORS preflight rejected: header " + header + " is not allowed for origin "
                            + origin + "; allowed: " + String.join(", ", headers));
                }
            }
        }
        allowOrigin(response, origin);
        response.headers().set("access-control-allow-methods", anyMethod ? method : allowMethods);
        if (!requested.isEmpty()) {
            response.headers().set("access-control-allow-headers", String.join(", ", requested));
        }
        response.headers().set("access-control-max-age", maxAge);
        return null;
    }

    /**
     * Checks an actual request; on success writes the origin, credentials and exposed-headers fields on
     * {@code response}, otherwise returns why it is refused.
     */
    public Rejection actual(ServerRequest request, ServerResponse response) {
        vary(response);
        String origin = request.headers().get("origin", null);
        if (origin == null || SameOrigin.test(request, origin)) {
            return null;
        }
        if (!origins.matches(origin)) {
            return new Rejection("CORS request rejected: origin " + origin + " is not allowed");
        }
        String method = request.method().name();
        if (!anyMethod && !methods.contains(method)) {
            return new Rejection("CORS request rejected: method " + method + " is not allowed for origin " + origin);
        }
        allowOrigin(response, origin);
        if (!exposed.isEmpty()) {
            response.headers().set("access-control-expose-headers", exposed);
        }
        return null;
    }

    /**
     * The request headers a CORS answer depends on, on every response of a route with CORS rules, as Spring's CORS
     * processing writes them (preflight or not, so that a cache keeps the answers apart); those a filter ahead (a
     * security chain's CORS support) wrote already are not repeated.
     */
    private static void vary(ServerResponse response) {
        if (!response.headers().contains(VARY)) { // the usual case: nothing to read, nothing allocated
            response.headers().add(VARY, CORS_VARY);
            return;
        }
        List<String> present = response.headers().all(VARY);
        StringBuilder missing = new StringBuilder();
        for (String name : CORS_VARY_NAMES) {
            if (!varies(present, name)) {
                missing.append(missing.length() == 0 ? "" : ", ").append(name);
            }
        }
        if (missing.length() > 0) {
            response.headers().add(VARY, missing);
        }
    }

    private static boolean varies(List<String> values, String name) {
        for (String value : values) {
            for (String token : value.split(",")) {
                if (token.trim().equalsIgnoreCase(name)) {
                    return true;
                }
            }
        }
        return false;
    }

    private void allowOrigin(ServerResponse response, String origin) {
        boolean credentials = config.allowCredentials();
        // "*" is never sent with credentials: browsers would refuse it; the origin is reflected instead
        response.headers().set("access-control-allow-origin", origins.any() && !credentials ? "*" : origin);
        if (credentials) {
            response.headers().set("access-control-allow-credentials", "true");
        }
    }

    private static List<String> requestedHeaders(ServerRequest request) {
        List<String> requested = new ArrayList<>();
        for (String value : request.headers().all("access-control-request-headers")) {
            for (String header : value.split(",")) {
                String name = header.trim().toLowerCase(Locale.ROOT);
                if (!name.isEmpty()) {
                    requested.add(name);
                }
            }
        }
        return requested;
    }

    /** Whether {@code request} is a CORS preflight. */
    public static boolean isPreflight(ServerRequest request) {
        return request.method() == HttpMethod.OPTIONS && CorsConfig.isPreflight(request);
    }
}
