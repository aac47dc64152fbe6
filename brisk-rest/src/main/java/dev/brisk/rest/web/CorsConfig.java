package dev.brisk.rest.web;

import dev.brisk.http.ServerRequest;
import io.netty.handler.codec.http.HttpMethod;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * Cross-origin resource sharing (CORS) rules: which origins may call, with which methods and headers, which response
 * headers they may read, whether with credentials, and for how long browsers may cache a preflight answer.
 * Immutable; build with {@link #builder()}.
 *
 * <p>Attach it to every route ({@code Brisk.server().web(w -> w.cors(config))}), to the routes under a path pattern
 * ({@code w.cors("/api/**", config)}), or to one route ({@code Route.get(...).cors(config)}); a route's own rules are
 * {@linkplain #combine combined} over the server's, as Spring does for {@code @CrossOrigin} over its global mappings.
 *
 * <pre>{@code
 * CorsConfig.builder()
 *         .allowedOriginPatterns("https://*.example.com")
 *         .allowedMethods("GET", "POST", "PUT")
 *         .exposedHeaders("Location")
 *         .allowCredentials(true)
 *         .build();
 * }</pre>
 *
 * <p>Unset, the settings permit what Spring's defaults permit: any origin, {@code GET}, {@code HEAD} and {@code POST}
 * (on a route's own rules: the route's method), any request header, no exposed header, no credentials, and a max-age
 * of 30 minutes. A setting left unset gives way to the other side in {@link #combine}.
 */
public final class CorsConfig {

    /** The value that allows any origin, method or header. */
    public static final String ALL = "*";

    private static final List<String> DEFAULT_METHODS = List.of("GET", "HEAD", "POST");
    private static final Duration DEFAULT_MAX_AGE = Duration.ofMinutes(30);

    private final List<String> allowedOrigins;
    private final List<String> allowedOriginPatterns;
    private final boolean originsSet;
    private final List<String> allowedMethods;
    private final boolean methodsSet;
    private final List<String> allowedHeaders;
    private final boolean headersSet;
    private final List<String> exposedHeaders;
    private final boolean exposedSet;
    private final Boolean allowCredentials;
    private final Duration maxAge;

    private CorsConfig(Builder b) {
        this.allowedOrigins = List.copyOf(b.allowedOrigins);
        this.allowedOriginPatterns = List.copyOf(b.allowedOriginPatterns);
        this.originsSet = b.originsSet;
        this.allowedMethods = List.copyOf(b.allowedMethods);
        this.methodsSet = b.methodsSet;
        this.allowedHeaders = List.copyOf(b.allowedHeaders);
        this.headersSet = b.headersSet;
        this.exposedHeaders = List.copyOf(b.exposedHeaders);
        this.exposedSet = b.exposedSet;
        this.allowCredentials = b.allowCredentials;
        this.maxAge = b.maxAge;
        validate();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding this configuration's settings (those left unset stay unset). */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /**
     * Whether {@code request} is a CORS preflight: {@code OPTIONS} with {@code Origin} and
     * {@code Access-Control-Request-Method}. Filters that reject unauthenticated requests should let these through:
     * browsers send them without credentials.
     */
    public static boolean isPreflight(ServerRequest request) {
        return request.method() == HttpMethod.OPTIONS && request.headers().contains("origin")
                && request.headers().contains("access-control-request-method");
    }

    /** Exact origins ({@code https://example.com}), or {@code *} for any; see also {@link #allowedOriginPatterns()}. */
    public List<String> allowedOrigins() {
        return originsSet ? allowedOrigins : List.of(ALL);
    }

    /**
     * Origin patterns: {@code *} matches any run of characters within the origin ({@code https://*.example.com}),
     * a port list in brackets matches those ports ({@code http://localhost:[8080,8081]}, {@code [*]} any or none).
     * Unlike {@code *} among {@link #allowedOrigins()}, pattern {@code *} may go with credentials: the request's
     * origin is sent back.
     */
    public List<String> allowedOriginPatterns() {
        return allowedOriginPatterns;
    }

    /** Methods a cross-origin request may use, or {@code *}. */
    public List<String> allowedMethods() {
        return methodsSet ? allowedMethods : DEFAULT_METHODS;
    }

    /** Request headers a cross-origin request may send, or {@code *}. */
    public List<String> allowedHeaders() {
        return headersSet ? allowedHeaders : List.of(ALL);
    }

    /** Response headers beyond the CORS-safelisted ones that scripts may read. */
    public List<String> exposedHeaders() {
        return exposedHeaders;
    }

    /** Whether cookies and HTTP authentication may go with cross-origin requests. */
    public boolean allowCredentials() {
        return Boolean.TRUE.equals(allowCredentials);
    }

    /** How long browsers may cache a preflight answer. */
    public Duration maxAge() {
        return maxAge != null ? maxAge : DEFAULT_MAX_AGE;
    }

    /** Whether the methods were set explicitly (a route's own rules default to the route's method). */
    public boolean methodsSet() {
        return methodsSet;
    }

    /**
     * {@code other}'s settings over this one's, as Spring combines a handler's {@code @CrossOrigin} over a global
     * mapping: a setting unset on one side is the other's; origins (with origin patterns), methods and headers set on
     * both sides are joined (any side allowing {@code *} allows all); credentials and max-age set on {@code other}
     * win.
     *
     * @throws IllegalArgumentException when the result would allow any origin with credentials
     */
    public CorsConfig combine(CorsConfig other) {
        Objects.requireNonNull(other, "other");
        Builder result = new Builder(this);
        if (other.originsSet) {
            if (originsSet) {
                result.allowedOrigins = join(allowedOrigins, other.allowedOrigins);
                result.allowedOriginPatterns = join(allowedOriginPatterns, other.allowedOriginPatterns);
            } else {
                result.allowedOrigins = other.allowedOrigins;
                result.allowedOriginPatterns = other.allowedOriginPatterns;
            }
            result.originsSet = true;
        }
        if (other.methodsSet) {
            result.allowedMethods = methodsSet ? join(allowedMethods, other.allowedMethods) : other.allowedMethods;
            result.methodsSet = true;
        }
        if (other.headersSet) {
            result.allowedHeaders = headersSet ? join(allowedHeaders, other.allowedHeaders) : other.allowedHeaders;
            result.headersSet = true;
        }
        if (other.exposedSet) {
            result.exposedHeaders = exposedSet ? join(exposedHeaders, other.exposedHeaders) : other.exposedHeaders;
            result.exposedSet = true;
        }
        if (other.allowCredentials != null) {
            result.allowCredentials = other.allowCredentials;
        }
        if (other.maxAge != null) {
            result.maxAge = other.maxAge;
        }
        return result.build();
    }

    private static List<String> join(List<String> a, List<String> b) {
        if (a.contains(ALL) || b.contains(ALL)) {
            return List.of(ALL);
        }
        Set<String> all = new LinkedHashSet<>(a);
        all.addAll(b);
        return List.copyOf(all);
    }

    private void validate() {
        if (allowCredentials()) {
            if (allowedOrigins().contains(ALL)) {
                throw new IllegalArgumentException("allowedOrigins \"*\" cannot go with allowCredentials(true): "
                        + "browsers refuse \"*\" with credentials; list the origins, or use "
                        + "allowedOriginPatterns(\"*\") to send back the request's origin");
            }
            if (exposedHeaders.contains(ALL)) {
                throw new IllegalArgumentException("exposedHeaders \"*\" cannot go with allowCredentials(true): "
                        + "browsers take it literally with credentials; list the headers");
            }
        }
    }

    @Override
    public String toString() {
        return "CorsConfig[origins=" + allowedOrigins() + ", originPatterns=" + allowedOriginPatterns
                + ", methods=" + allowedMethods() + ", headers=" + allowedHeaders() + ", exposed=" + exposedHeaders
                + ", credentials=" + allowCredentials() + ", maxAge=" + maxAge() + "]";
    }

    /** Builds a {@link CorsConfig}; every setting left unset keeps its default and gives way in combinations. */
    public static final class Builder {
        private List<String> allowedOrigins = List.of();
        private List<String> allowedOriginPatterns = List.of();
        private boolean originsSet;
        private List<String> allowedMethods = List.of();
        private boolean methodsSet;
        private List<String> allowedHeaders = List.of();
        private boolean headersSet;
        private List<String> exposedHeaders = List.of();
        private boolean exposedSet;
        private Boolean allowCredentials;
        private Duration maxAge;

        private Builder() {
        }

        private Builder(CorsConfig c) {
            allowedOrigins = c.allowedOrigins;
            allowedOriginPatterns = c.allowedOriginPatterns;
            originsSet = c.originsSet;
            allowedMethods = c.allowedMethods;
            methodsSet = c.methodsSet;
            allowedHeaders = c.allowedHeaders;
            headersSet = c.headersSet;
            exposedHeaders = c.exposedHeaders;
            exposedSet = c.exposedSet;
            allowCredentials = c.allowCredentials;
            maxAge = c.maxAge;
        }

        /** Exact origins such as {@code https://example.com} (a trailing {@code /} is ignored), or {@code *}. */
        public Builder allowedOrigins(String... origins) {
            List<String> list = new ArrayList<>();
            for (String origin : origins) {
                list.add(origin(origin, "allowedOrigins"));
            }
            allowedOrigins = List.copyOf(list);
            originsSet = true;
            return this;
        }

        /** Origin patterns such as {@code https://*.example.com} or {@code http://localhost:[*]}. */
        public Builder allowedOriginPatterns(String... patterns) {
            List<String> list = new ArrayList<>();
            for (String pattern : patterns) {
                list.add(origin(pattern, "allowedOriginPatterns"));
            }
            allowedOriginPatterns = List.copyOf(list);
            originsSet = true;
            return this;
        }

        /** Methods such as {@code GET}, {@code PUT}, or {@code *}. */
        public Builder allowedMethods(String... methods) {
            List<String> list = new ArrayList<>();
            for (String method : methods) {
                list.add(token(method, "allowedMethods").toUpperCase(Locale.ROOT));
            }
            allowedMethods = List.copyOf(list);
            methodsSet = true;
            return this;
        }

        /** Request header names, or {@code *}. */
        public Builder allowedHeaders(String... headers) {
            allowedHeaders = headers("allowedHeaders", headers);
            headersSet = true;
            return this;
        }

        /** Response header names scripts may read. */
        public Builder exposedHeaders(String... headers) {
            exposedHeaders = headers("exposedHeaders", headers);
            exposedSet = true;
            return this;
        }

        public Builder allowCredentials(boolean allowCredentials) {
            this.allowCredentials = allowCredentials;
            return this;
        }

        /** How long a preflight answer may be cached; zero to ask browsers not to cache it. */
        public Builder maxAge(Duration maxAge) {
            Objects.requireNonNull(maxAge, "maxAge");
            if (maxAge.isNegative()) {
                throw new IllegalArgumentException("maxAge must not be negative: " + maxAge);
            }
            this.maxAge = maxAge;
            return this;
        }

        /**
         * @throws IllegalArgumentException when any origin ({@code *} among the origins) would go with credentials,
         *                                  or exposed headers {@code *} would
         */
        public CorsConfig build() {
            return new CorsConfig(this);
        }

        private static List<String> headers(String field, String... headers) {
            List<String> list = new ArrayList<>();
            for (String header : headers) {
                list.add(token(header, field).toLowerCase(Locale.ROOT));
            }
            return List.copyOf(list);
        }

        private static String origin(String value, String field) {
            Objects.requireNonNull(value, field);
            String trimmed = value.trim();
            if (trimmed.isEmpty() || trimmed.chars().anyMatch(c -> c <= ' ' || c == 0x7f)) {
                throw new IllegalArgumentException(field + " has an invalid entry: \"" + value + "\"");
            }
            return trimmed.endsWith("/") ? trimmed.substring(0, trimmed.length() - 1) : trimmed;
        }

        private static String token(String value, String field) {
            Objects.requireNonNull(value, field);
            String trimmed = value.trim();
            if (!trimmed.equals(ALL) && (trimmed.isEmpty() || !trimmed.chars().allMatch(Builder::isTchar))) {
                throw new IllegalArgumentException(field + " has an invalid entry: \"" + value + "\"");
            }
            return trimmed;
        }

        private static boolean isTchar(int c) {
            return c > ' ' && c < 0x7f && "\"(),/:;<=>?@[\\]{}".indexOf(c) < 0;
        }
    }
}
