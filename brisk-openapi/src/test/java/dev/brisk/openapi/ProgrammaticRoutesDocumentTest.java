package dev.brisk.openapi;

import dev.brisk.openapi.Pets.NewPet;
import dev.brisk.openapi.Pets.Pet;
import dev.brisk.rest.Brisk;
import dev.brisk.rest.BriskServer;
import dev.brisk.rest.Route;
import io.netty.handler.codec.http.HttpMethod;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.nio.file.Path;
import static dev.brisk.openapi.Documents.operation;
import static dev.brisk.openapi.Documents.parameter;
import static dev.brisk.openapi.Documents.parameterNames;
import static org.assertj.core.api.Assertions.assertThat;

/** Documents of programmatic routes: path parameters from templates, the rest from {@link OperationInfo}. */
class ProgrammaticRoutesDocumentTest {

    private BriskServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void staticFilesAndUndocumentedRoutesAreNoOperations(@org.junit.jupiter.api.io.TempDir Path files)
            throws Exception {
        server = Brisk.server().port(0)
                .get("/api/pets", ctx -> ctx.send("pets"))
                .route(Route.get("/internal/state").documented(false).handler(ctx -> ctx.send("state")))
                .web(w -> w.staticFiles("/assets", files).classpathResources("/", "static")).feature(OpenApi.builder()
                .build()).start();
        JsonNode document = Documents.fetch(server.port());
        assertThat(document.path("paths").propertyNames()).containsExactly("/api/pets");
    }

    @Test
    void templatesGiveThePathParametersAndAGenericResponse() throws Exception {
        server = Brisk.server().port(0)
                .get("/hello", ctx -> ctx.send("hi"))
                .get("/users/{id}/orders/{order:[0-9]+}", ctx -> ctx.send("order"))
                .get("/files/{*path}", ctx -> ctx.send("file"))
                .route(Route.get("/report").produces("text/csv").handler(ctx -> ctx.send("a,b")))
                .feature(OpenApi.builder().build()).start();
        JsonNode document = Documents.fetch(server.port());
        assertThat(document.path("info").path("title").asString()).isEqualTo("API");
        assertThat(document.path("info").path("version").asString()).isEqualTo("1.0");
        assertThat(document.has("servers")).isFalse();
        assertThat(document.has("components")).isFalse();
        // the document's own routes are not in it
        assertThat(document.path("paths").propertyNames()).containsExactly("/hello",
                "/users/{id}/orders/{order}", "/files/{path}", "/report");
        JsonNode hello = operation(document, "/hello", "get");
        assertThat(hello.path("operationId").asString()).isEqualTo("getHello");
        assertThat(hello.has("parameters")).isFalse();
        assertThat(hello.at("/responses/200/description").asString()).isEqualTo("OK");
        assertThat(hello.at("/responses/200").has("content")).isFalse();
        JsonNode order = operation(document, "/users/{id}/orders/{order}", "get");
        assertThat(order.path("operationId").asString()).isEqualTo("getUsersByIdOrdersByOrder");
        assertThat(parameterNames(order)).containsExactly("path:id", "path:order");
        assertThat(parameter(order, "path", "order").at("/schema/pattern").asString()).isEqualTo("^[0-9]+$");
        assertThat(parameter(order, "path", "id").at("/schema/type").asString()).isEqualTo("string");
        assertThat(parameterNames(operation(document, "/files/{path}", "get"))).containsExactly("path:path");
        assertThat(operation(document, "/report", "get").at("/responses/200/content/text~1csv").isObject())
                .isTrue();
    }

    @Test
    void operationInfoAddsTypesTextsAndParameters() throws Exception {
        OpenApi openApi = OpenApi.builder().title("Shop").version("3.1.4").description("Things to buy.")
                .operation(HttpMethod.GET, "/pets/{id}", OperationInfo.builder().summary("One pet")
                        .tags("pets").response(Pet.class).queryParameter("fields", String.class, false)
                        .headerParameter("X-Tenant", long.class, true).build())
                .operation(HttpMethod.POST, "/pets", OperationInfo.builder().operationId("addPet")
                        .requestBody(NewPet.class).response(Pet.class).status(201).deprecated(true).build())
                .build();
        server = Brisk.server().port(0)
                .get("/pets/{id}", ctx -> ctx.send("pet"))
                .post("/pets", ctx -> ctx.status(201).send("created")).feature(openApi).start();
        JsonNode document = Documents.fetch(server.port());
        assertThat(document.path("info").path("description").asString()).isEqualTo("Things to buy.");
        JsonNode get = operation(document, "/pets/{id}", "get");
        assertThat(get.path("summary").asString()).isEqualTo("One pet");
        assertThat(get.path("tags")).extracting(JsonNode::asString).containsExactly("pets");
        assertThat(parameterNames(get)).containsExactly("path:id", "query:fields", "header:X-Tenant");
        assertThat(parameter(get, "header", "X-Tenant").path("required").asBoolean()).isTrue();
        assertThat(parameter(get, "header", "X-Tenant").at("/schema/format").asString()).isEqualTo("int64");
        assertThat(get.at("/responses/200/content/application~1json/schema/$ref").asString())
                .isEqualTo("#/components/schemas/Pet");
        JsonNode post = operation(document, "/pets", "post");
        assertThat(post.path("operationId").asString()).isEqualTo("addPet");
        assertThat(post.path("deprecated").asBoolean()).isTrue();
        assertThat(post.at("/requestBody/content/application~1json/schema/$ref").asString())
                .isEqualTo("#/components/schemas/NewPet");
        assertThat(post.path("responses").propertyNames()).containsExactly("201");
        assertThat(document.path("components").path("schemas").propertyNames()).contains("Pet", "NewPet",
                "Category", "Status");
    }

    @Test
    void excludedPrefixesAreLeftOut() throws Exception {
        server = Brisk.server().port(0)
                .get("/internal", ctx -> ctx.send("i"))
                .get("/internal/state", ctx -> ctx.send("s"))
                .get("/internals", ctx -> ctx.send("kept")).feature(OpenApi.builder().exclude("/internal").build())
                .start();
        assertThat(Documents.fetch(server.port()).path("paths").propertyNames()).containsExactly("/internals");
    }

    @Test
    void theContextPathIsTheServerUrl() throws Exception {
        server = Brisk.server().port(0).options(o -> o.contextPath("/api"))
                .get("/ping", ctx -> ctx.send("pong")).feature(OpenApi.builder().build()).start();
        assertThat(Documents.get(server.port(), "/openapi.json").statusCode()).isEqualTo(404);
        JsonNode document = Documents.fetch(server.port(), "/api/openapi.json", "/api/openapi.yaml");
        assertThat(document.at("/servers/0/url").asString()).isEqualTo("/api");
        assertThat(document.path("paths").propertyNames()).containsExactly("/ping");
    }

    @Test
    void theDocumentOfARunningServerCanBeGeneratedWithoutServingIt() throws Exception {
        server = Brisk.server().port(0).get("/ping", ctx -> ctx.send("pong")).start();
        OpenApiDocument document = OpenApi.builder().title("Ping").build().document(server);
        JsonNode json = Documents.JSON.readTree(document.json());
        assertThat(Documents.YAML.readTree(document.yaml())).isEqualTo(json);
        assertThat(json.path("paths").propertyNames()).containsExactly("/ping");
        assertThat(Documents.get(server.port(), "/openapi.json").statusCode()).isEqualTo(404);
    }
}
