package dev.brisk.openapi;

import dev.brisk.openapi.internal.DocumentGenerator;
import dev.brisk.openapi.internal.DocumentRoutes;
import dev.brisk.rest.BriskServer;
import dev.brisk.rest.RouteInfo;
import dev.brisk.rest.feature.Feature;
import dev.brisk.rest.feature.FeatureContext;
import io.netty.handler.codec.http.HttpMethod;
import tools.jackson.databind.json.JsonMapper;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The OpenAPI 3.1 document of a Brisk server: generated once when the server starts, from its routes (programmatic and
 * annotated), and served as JSON and YAML. A {@link Feature}: add it with {@code feature(openApi)}.
 *
 * <pre>{@code
 * OpenApi openApi = OpenApi.builder().title("Pet store").version("1.0").build();
 * BriskServer server = Brisk.server().port(8080).controllers(new PetController()).feature(openApi).start();
 * // GET /openapi.json, GET /openapi.yaml
 * }</pre>
 *
 * Nothing is added to requests of other routes: the document is built at startup and sent as prepared bytes.
 */
public final class OpenApi implements Feature {

    /** Where the JSON document is served unless {@link Builder#jsonPath} says otherwise. */
    public static final String DEFAULT_JSON_PATH = "/openapi.json";
    /** Where the YAML document is served unless {@link Builder#yamlPath} says otherwise. */
    public static final String DEFAULT_YAML_PATH = "/openapi.yaml";

    private final String title;
    private final String version;
    private final Optional<String> description;
    private final String jsonPath;
    private final String yamlPath;
    private final Map<String, OperationInfo> operations;
    private final List<String> excludedPrefixes;
    private final JsonMapper mapper;

    private OpenApi(Builder b) {
        this.title = b.title;
        this.version = b.version;
        this.description = b.description;
        this.jsonPath = b.jsonPath;
        this.yamlPath = b.yamlPath;
        this.operations = Map.copyOf(b.operations);
        this.excludedPrefixes = List.copyOf(b.excludedPrefixes);
        this.mapper = b.mapper;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** {@code info.title}. */
    public String title() {
        return title;
    }

    /** {@code info.version}, the version of the API (not of OpenAPI). */
    public String version() {
        return version;
    }

    /** {@code info.description}. */
    public Optional<String> description() {
        return description;
    }

    /** The path of the JSON document (below the server's context path). */
    public String jsonPath() {
        return jsonPath;
    }

    /** The path of the YAML document (below the server's context path). */
    public String yamlPath() {
        return yamlPath;
    }

    /** Extra information of single operations, keyed {@code "GET /users/{id}"}. */
    public Map<String, OperationInfo> operations() {
        return operations;
    }

    /** Path prefixes whose routes the document leaves out. */
    public List<String> excludedPrefixes() {
        return excludedPrefixes;
    }

    /**
     * Registers the two document routes and generates the document once the server has started, from its final
     * routes; a document that cannot be generated fails {@code start()}.
     */
    @Override
    public void install(FeatureContext context) {
        DocumentRoutes routes = new DocumentRoutes(this);
        routes.register(context);
        context.onStart(running -> routes.publish(document(running)));
    }

    /** Generates the document of a running server's routes (without the document routes themselves). */
    public OpenApiDocument document(BriskServer server) {
        return document(server.routes(), server.options().contextPath());
    }

    /**
     * Generates the document of {@code routes}; {@code contextPath} (empty for none) becomes the server URL, as the
     * routes' paths do not hold it.
     */
    public OpenApiDocument document(List<? extends RouteInfo> routes, String contextPath) {
        List<RouteInfo> documented = routes.stream().<RouteInfo>map(r -> r)
                .filter(RouteInfo::documented)
                .filter(r -> !(r.method().equals(HttpMethod.GET)
                        && (r.path().equals(jsonPath) || r.path().equals(yamlPath))))
                .filter(r -> excludedPrefixes.stream().noneMatch(prefix -> excludes(prefix, r.path())))
                .toList();
        return new DocumentGenerator(this, mapper).generate(documented, contextPath);
    }

    /** {@code /actuator} excludes {@code /actuator} and {@code /actuator/health}, not {@code /actuators}. */
    private static boolean excludes(String prefix, String path) {
        String bare = prefix.endsWith("/") ? prefix.substring(0, prefix.length() - 1) : prefix;
        return path.equals(bare) || path.startsWith(bare + "/");
    }

    /** Builds an {@link OpenApi}. */
    public static final class Builder {
        private String title = "API";
        private String version = "1.0";
        private Optional<String> description = Optional.empty();
        private String jsonPath = DEFAULT_JSON_PATH;
        private String yamlPath = DEFAULT_YAML_PATH;
        private final Map<String, OperationInfo> operations = new LinkedHashMap<>();
        private final List<String> excludedPrefixes = new ArrayList<>();
        private JsonMapper mapper;

        private Builder() {
        }

        /** {@code info.title}; default {@code API}. */
        public Builder title(String title) {
            this.title = Objects.requireNonNull(title, "title");
            return this;
        }

        /** {@code info.version}; default {@code 1.0}. */
        public Builder version(String version) {
            this.version = Objects.requireNonNull(version, "version");
            return this;
        }

        /** {@code info.description}; default none. */
        public Builder description(String description) {
            this.description = Optional.of(description);
            return this;
        }

        /** Where the JSON document is served; default {@value #DEFAULT_JSON_PATH}. */
        public Builder jsonPath(String path) {
            this.jsonPath = Objects.requireNonNull(path, "path");
            return this;
        }

        /** Where the YAML document is served; default {@value #DEFAULT_YAML_PATH}. */
        public Builder yamlPath(String path) {
            this.yamlPath = Objects.requireNonNull(path, "path");
            return this;
        }

        /**
         * Describes the operation of {@code method} and {@code path} (the route's template, e.g.
         * {@code /users/{id}}): types and texts its route cannot tell.
         */
        public Builder operation(HttpMethod method, String path, OperationInfo info) {
            operations.put(Objects.requireNonNull(method, "method").name() + " "
                    + Objects.requireNonNull(path, "path"), Objects.requireNonNull(info, "info"));
            return this;
        }

        /**
         * Leaves the routes under these path prefixes out of the document, e.g. {@code /actuator} or
         * {@code /internal}; default none.
         */
        public Builder exclude(String... pathPrefixes) {
            for (String prefix : pathPrefixes) {
                excludedPrefixes.add(Objects.requireNonNull(prefix, "pathPrefix"));
            }
            return this;
        }

        /**
         * The Jackson mapper whose view of Java types (property names, ignored properties, naming strategy) the
         * schemas follow; default a plain {@link JsonMapper}. Give the one your JSON codec writes with.
         */
        public Builder mapper(JsonMapper mapper) {
            this.mapper = Objects.requireNonNull(mapper, "mapper");
            return this;
        }

        /** Fails when a path does not start with {@code /} or both paths are the same. */
        public OpenApi build() {
            for (String path : List.of(jsonPath, yamlPath)) {
                if (!path.startsWith("/")) {
                    throw new IllegalArgumentException("document paths must start with '/': " + path);
                }
            }
            if (jsonPath.equals(yamlPath)) {
                throw new IllegalArgumentException("jsonPath and yamlPath must differ: " + jsonPath);
            }
            if (mapper == null) {
                mapper = JsonMapper.builder().build();
            }
            return new OpenApi(this);
        }
    }
}
