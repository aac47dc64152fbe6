package dev.brisk.openapi.internal;

import dev.brisk.openapi.OpenApi;
import dev.brisk.openapi.OpenApiDocument;
import dev.brisk.rest.RouteInfo;
import tools.jackson.databind.json.JsonMapper;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** Generates the document: info, servers, one path item per template with an operation per method, components. */
public final class DocumentGenerator {

    /** The methods a path item may hold. */
    private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "options", "head", "patch",
            "trace");
    /** Writes the document; independent of the application's mapper settings. */
    private static final JsonMapper WRITER = JsonMapper.builder().build();

    private final OpenApi api;
    private final JsonMapper mapper;

    public DocumentGenerator(OpenApi api, JsonMapper mapper) {
        this.api = api;
        this.mapper = mapper;
    }

    /**
     * Whether {@code route} is a controller style's automatic answer (JAX-RS answers OPTIONS for every resource
     * path): an OPTIONS or HEAD route without a handler method on the path of an annotated one.
     */
    private static boolean automatic(RouteInfo route, Set<String> annotated) {
        String method = route.method().name();
        return (method.equals("OPTIONS") || method.equals("HEAD")) && route.handlerMethod().isEmpty()
                && annotated.contains(route.path());
    }

    public OpenApiDocument generate(List<RouteInfo> routes, String contextPath) {
        Schemas schemas = new Schemas(mapper);
        Operations operations = new Operations(api, schemas);
        Map<String, Object> paths = new LinkedHashMap<>();
        Set<String> annotated = new HashSet<>();
        routes.stream().filter(r -> r.handlerMethod().isPresent()).forEach(r -> annotated.add(r.path()));
        for (RouteInfo route : routes) {
            String method = route.method().name().toLowerCase(Locale.ROOT);
            if (!METHODS.contains(method) || automatic(route, annotated)) {
                continue;
            }
            PathTemplates.OpenApiPath path = PathTemplates.convert(route.path());
            @SuppressWarnings("unchecked")
            Map<String, Object> item = (Map<String, Object>) paths.computeIfAbsent(path.path(),
                    p -> new LinkedHashMap<String, Object>());
            if (!item.containsKey(method)) { // routes told apart by conditions share one operation: the first
                item.put(method, operations.operation(route, path));
            }
        }
        Map<String, Object> document = new LinkedHashMap<>();
        document.put("openapi", "3.1.0");
        Map<String, Object> info = new LinkedHashMap<>();
        info.put("title", api.title());
        info.put("version", api.version());
        api.description().ifPresent(d -> info.put("description", d));
        document.put("info", info);
        if (!contextPath.isEmpty()) {
            document.put("servers", List.of(Map.of("url", contextPath)));
        }
        document.put("paths", paths);
        if (!schemas.components().isEmpty()) {
            document.put("components", Map.of("schemas", schemas.components()));
        }
        String json = WRITER.writerWithDefaultPrettyPrinter().writeValueAsString(document);
        return new OpenApiDocument(json, YamlWriter.write(document));
    }
}
