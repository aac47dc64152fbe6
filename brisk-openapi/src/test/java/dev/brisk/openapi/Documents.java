package dev.brisk.openapi;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.dataformat.yaml.YAMLMapper;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** Fetches a served document with the JDK's HTTP client and checks the rules of OpenAPI 3.1 it must follow. */
final class Documents {

    static final JsonMapper JSON = JsonMapper.builder().build();
    static final YAMLMapper YAML = YAMLMapper.builder().build();
    private static final HttpClient CLIENT = HttpClient.newHttpClient();
    private static final Set<String> TYPES = Set.of("string", "number", "integer", "boolean", "object", "array",
            "null");
    private static final Pattern VARIABLE = Pattern.compile("\\{([^}]+)}");

    private Documents() {
    }

    static HttpResponse<String> get(int port, String path) throws IOException, InterruptedException {
        return CLIENT.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** The JSON document at {@code path}, checked; also asserts the YAML one holds the same tree. */
    static JsonNode fetch(int port, String jsonPath, String yamlPath) throws IOException, InterruptedException {
        HttpResponse<String> json = get(port, jsonPath);
        assertThat(json.statusCode()).isEqualTo(200);
        assertThat(json.headers().firstValue("content-type")).hasValue("application/json");
        JsonNode document = JSON.readTree(json.body());
        HttpResponse<String> yaml = get(port, yamlPath);
        assertThat(yaml.statusCode()).isEqualTo(200);
        assertThat(yaml.headers().firstValue("content-type")).hasValue("application/yaml");
        assertThat(YAML.readTree(yaml.body())).isEqualTo(document);
        checkValid(document);
        return document;
    }

    static JsonNode fetch(int port) throws IOException, InterruptedException {
        return fetch(port, "/openapi.json", "/openapi.yaml");
    }

    static JsonNode operation(JsonNode document, String path, String method) {
        JsonNode operation = document.path("paths").path(path).path(method);
        assertThat(operation.isObject()).as(method + " " + path + " in " + document.path("paths").propertyNames())
                .isTrue();
        return operation;
    }

    static JsonNode parameter(JsonNode operation, String in, String name) {
        for (JsonNode parameter : operation.path("parameters")) {
            if (parameter.path("in").asString().equals(in) && parameter.path("name").asString().equals(name)) {
                return parameter;
            }
        }
        throw new AssertionError("no " + in + " parameter " + name + " in " + operation);
    }

    static List<String> parameterNames(JsonNode operation) {
        List<String> names = new ArrayList<>();
        operation.path("parameters").forEach(p -> names.add(p.path("in").asString() + ":" + p.path("name")
                .asString()));
        return names;
    }

    static JsonNode component(JsonNode document, String name) {
        JsonNode schema = document.path("components").path("schemas").path(name);
        assertThat(schema.isObject()).as(name + " in " + document.path("components").path("schemas")
                .propertyNames()).isTrue();
        return schema;
    }

    /**
     * The structural rules of OpenAPI 3.1 a generated document can break: version and info, path templates and
     * their path parameters, unique operation ids and parameters, responses with descriptions, resolvable
     * references, valid JSON Schema types.
     */
    static void checkValid(JsonNode document) {
        assertThat(document.path("openapi").asString()).isEqualTo("3.1.0");
        assertThat(document.path("info").path("title").isString()).isTrue();
        assertThat(document.path("info").path("version").isString()).isTrue();
        Set<String> operationIds = new HashSet<>();
        for (Map.Entry<String, JsonNode> path : document.path("paths").properties()) {
            assertThat(path.getKey()).startsWith("/");
            Set<String> variables = new HashSet<>();
            Matcher m = VARIABLE.matcher(path.getKey());
            while (m.find()) {
                variables.add(m.group(1));
            }
            for (Map.Entry<String, JsonNode> entry : path.getValue().properties()) {
                assertThat(entry.getKey()).isIn("get", "put", "post", "delete", "options", "head", "patch", "trace");
                JsonNode operation = entry.getValue();
                String where = entry.getKey() + " " + path.getKey();
                assertThat(operationIds.add(operation.path("operationId").asString()))
                        .as("unique operationId of " + where).isTrue();
                Set<String> seen = new HashSet<>();
                Set<String> pathParameters = new HashSet<>();
                for (JsonNode parameter : operation.path("parameters")) {
                    String in = parameter.path("in").asString();
                    assertThat(in).isIn("query", "header", "path", "cookie");
                    assertThat(seen.add(in + ":" + parameter.path("name").asString())).as(where).isTrue();
                    assertThat(parameter.has("schema")).isTrue();
                    if (in.equals("path")) {
                        assertThat(parameter.path("required").asBoolean()).as(where).isTrue();
                        pathParameters.add(parameter.path("name").asString());
                    }
                }
                assertThat(pathParameters).as("path parameters of " + where).isEqualTo(variables);
                assertThat(operation.path("responses").size()).as(where).isPositive();
                for (Map.Entry<String, JsonNode> response : operation.path("responses").properties()) {
                    assertThat(response.getKey()).matches("[1-5][0-9][0-9]|default");
                    assertThat(response.getValue().path("description").isString()).isTrue();
                }
            }
        }
        for (JsonNode ref : document.findValues("$ref")) {
            String target = ref.asString();
            assertThat(target).startsWith("#/components/schemas/");
            assertThat(document.path("components").path("schemas")
                    .has(target.substring("#/components/schemas/".length()))).as(target).isTrue();
        }
        for (JsonNode type : document.findValues("type")) {
            if (type.isString()) {
                assertThat(type.asString()).isIn(TYPES);
            }
        }
    }
}
