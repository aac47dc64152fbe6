package dev.brisk.openapi;

import dev.brisk.rest.Brisk;
import dev.brisk.rest.BriskServer;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import static dev.brisk.openapi.Documents.operation;
import static org.assertj.core.api.Assertions.assertThat;

/** One server with a Spring controller, a JAX-RS resource and programmatic routes: one document for all. */
class MixedStylesDocumentTest {

    @Test
    void oneDocumentForEveryStyle() throws Exception {
        OpenApi openApi = OpenApi.builder().title("All").build();
        try (BriskServer server = Brisk.server().port(0)
                .controllers(new SpringControllerDocumentTest.PetController(),
                        new JaxRsResourceDocumentTest.BookResource())
                .get("/ping", ctx -> ctx.send("pong")).feature(openApi).start()) {
            JsonNode document = Documents.fetch(server.port());
            assertThat(document.path("paths").propertyNames()).contains("/pets/{id}", "/books/{id}", "/ping");
            assertThat(operation(document, "/pets/{id}", "get").at("/tags/0").asString())
                    .isEqualTo("PetController");
            assertThat(operation(document, "/books/{id}", "get").at("/tags/0").asString())
                    .isEqualTo("BookResource");
            assertThat(operation(document, "/ping", "get").path("operationId").asString()).isEqualTo("getPing");
            // both styles return Pet: one component
            assertThat(operation(document, "/books/{id}", "get")
                    .at("/responses/200/content/application~1json/schema/$ref").asString())
                    .isEqualTo(operation(document, "/pets/{id}", "get")
                            .at("/responses/200/content/application~1json/schema/$ref").asString());
        }
    }
}
