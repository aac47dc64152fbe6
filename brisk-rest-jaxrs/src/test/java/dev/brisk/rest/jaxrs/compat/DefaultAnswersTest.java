package dev.brisk.rest.jaxrs.compat;

import dev.brisk.rest.Brisk;
import dev.brisk.test.BriskServerExtension;
import dev.brisk.test.TestClient;
import dev.brisk.test.TestResponse;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The same resource without exception mappers or JSON settings: Brisk's default answers (RFC 9457 problems) still
 * pass through the application's response filters, say what is wrong without Jackson's internals, and the JSON has
 * the JAX-RS defaults. Resources registered on their own (no {@code Application}) answer the 404s of their paths.
 */
class DefaultAnswersTest {

    private static final String ORIGIN = "https://app.example.com";

    /** A resource whose result breaks its constraint: the server's fault. */
    @Path("/reports")
    public static class ReportResource {
        @GET
        @NotNull
        public String latest() {
            return null;
        }
    }

    @RegisterExtension
    static final BriskServerExtension SERVER = BriskServerExtension.of(() -> Brisk.server()
            .controllers(new TaskResource(TaskStore.seeded()), new ReportResource(), new CorsFilter()));

    @Test
    void aNotFoundUnderTheResourcesPathIsAProblemWithTheFiltersHeaders(TestClient client) {
        TestResponse missing = client.get("/tasks/1/comments").header("Origin", ORIGIN).execute();

        assertThat(missing.status()).isEqualTo(404);
        assertThat(missing.header("content-type")).hasValue("application/problem+json");
        assertThat(missing.header("access-control-allow-origin")).hasValue(ORIGIN);

        TestResponse elsewhere = client.get("/elsewhere").header("Origin", ORIGIN).execute();
        assertThat(elsewhere.status()).isEqualTo(404);
        assertThat(elsewhere.header("access-control-allow-origin")).as("not a path of the resources").isEmpty();
    }

    @Test
    void aMethodNotAllowedIsAProblemWithAllowAndTheFiltersHeaders(TestClient client) {
        TestResponse patch = client.patch("/tasks/1").header("Origin", ORIGIN).execute();

        assertThat(patch.status()).isEqualTo(405);
        assertThat(patch.header("allow")).hasValue("GET,HEAD,PUT,DELETE,OPTIONS");
        assertThat(patch.header("content-type")).hasValue("application/problem+json");
        assertThat(patch.body()).contains("\"status\":405", "PATCH is not allowed on /tasks/1");
        assertThat(patch.header("access-control-allow-origin")).hasValue(ORIGIN);
    }

    @Test
    void malformedJsonIsA400ProblemThatSaysWhere(TestClient client) {
        TestResponse bad = client.post("/tasks").contentType("application/json").body("{\"title\": tea}")
                .execute();

        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.header("content-type")).hasValue("application/problem+json");
        assertThat(bad.body()).contains("\"detail\":\"malformed JSON at line 1, column 11\"")
                .doesNotContain("jackson", "Unrecognized token", "compat.Task");
    }

    @Test
    void anUnknownPropertyIsA400ProblemNamingItByDefault(TestClient client) {
        TestResponse unknown = client.post("/tasks").contentType("application/json")
                .body("{\"title\": \"tea\", \"colour\": \"green\"}").execute();

        assertThat(unknown.status()).isEqualTo(400);
        assertThat(unknown.body()).contains("\"detail\":\"unknown property 'colour'\"");
    }

    @Test
    void aBodyOfTheWrongShapeIsA400ProblemSayingWhatWasExpected(TestClient client) {
        TestResponse array = client.post("/tasks").contentType("application/json").body("[1, 2]").execute();

        assertThat(array.status()).isEqualTo(400);
        assertThat(array.body()).contains("\"detail\":\"the body must be an object\"");
    }

    @Test
    void constraintViolationsWithoutAMapperAreA400ProblemListingTheFields(TestClient client) {
        TestResponse invalid = client.post("/tasks").header("Origin", ORIGIN).contentType("application/json")
                .body("{\"title\": \" \", \"priority\": 0}").execute();

        assertThat(invalid.status()).isEqualTo(400);
        assertThat(invalid.header("content-type")).hasValue("application/problem+json");
        assertThat(invalid.body()).contains("\"errors\":[", "\"field\":\"create.task.priority\"",
                "\"message\":\"must be greater than or equal to 1\"", "\"field\":\"create.task.title\"",
                "\"message\":\"must not be blank\"");
        assertThat(invalid.header("access-control-allow-origin")).hasValue(ORIGIN);
    }

    @Test
    void aResultThatBreaksItsConstraintsIsA500WithoutDetails(TestClient client) {
        TestResponse report = client.get("/reports").header("Origin", ORIGIN).execute();

        assertThat(report.status()).isEqualTo(500);
        assertThat(report.header("content-type")).hasValue("application/problem+json");
        assertThat(report.body()).doesNotContain("errors", "must not be null");
        assertThat(report.header("access-control-allow-origin")).hasValue(ORIGIN);
    }

    @Test
    void jsonPropertiesComeInTheOrderTheirFieldsAreDeclared(TestClient client) {
        assertThat(client.get("/tasks/1").execute().body()).isEqualTo("{\"id\":1,\"title\":\"write the report\","
                + "\"priority\":2,\"dueDate\":\"2030-01-15\",\"done\":false}");
    }
}
