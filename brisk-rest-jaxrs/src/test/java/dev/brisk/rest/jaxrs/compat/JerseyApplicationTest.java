package dev.brisk.rest.jaxrs.compat;

import dev.brisk.rest.Brisk;
import dev.brisk.test.BriskServerExtension;
import dev.brisk.test.TestClient;
import dev.brisk.test.TestResponse;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link TodoApplication}, written for Jersey, served unchanged over real sockets: Brisk's own 404, 405, 406 and
 * 415 answers and the automatic OPTIONS and HEAD go through the application's exception mappers (closest superclass
 * first) and its CORS response filter, entity and validation failures reach the mappers as Jakarta REST and Bean
 * Validation exceptions, and its {@code ContextResolver<JsonMapper>} decides the JSON.
 */
class JerseyApplicationTest {

    private static final String ORIGIN = "https://app.example.com";
    private static final FilterTrace TRACE = new FilterTrace();

    @RegisterExtension
    static final BriskServerExtension SERVER = BriskServerExtension.of(() -> Brisk.server()
            .controllers(new TodoApplication(TaskStore.seeded(), TRACE)));

    @BeforeEach
    void clearTrace() {
        TRACE.seen().clear();
    }

    private static void assertCors(TestResponse response) {
        assertThat(response.header("access-control-allow-origin")).hasValue(ORIGIN);
        assertThat(response.header("access-control-allow-credentials")).hasValue("true");
        assertThat(response.header("vary")).hasValue("Origin");
    }

    @Test
    void aCorsPreflightIsAnsweredByTheAutomaticOptionsMethodThroughTheCorsFilter(TestClient client) {
        TestResponse preflight = client.options("/api/tasks/1").header("Origin", ORIGIN)
                .header("Access-Control-Request-Method", "DELETE")
                .header("Access-Control-Request-Headers", "content-type").execute();

        assertThat(preflight.status()).isEqualTo(200);
        assertThat(preflight.header("allow")).hasValue("GET,HEAD,PUT,DELETE,OPTIONS");
        assertCors(preflight);
        assertThat(preflight.header("access-control-allow-methods")).get().asString().contains("DELETE");
        assertThat(preflight.header("access-control-max-age")).hasValue("3600");
        assertThat(preflight.body()).as("Jersey's text/plain list, in its order")
                .isEqualTo("HEAD, DELETE, GET, OPTIONS, PUT");
    }

    @Test
    void aPathWithoutResourceIsANotFoundExceptionForTheCatchAllMapperAndTheCorsFilter(TestClient client) {
        TestResponse missing = client.get("/api/nothing/here").header("Origin", ORIGIN).execute();

        assertThat(missing.status()).isEqualTo(404);
        assertThat(missing.header("content-type")).hasValue("application/json");
        assertThat(missing.body()).contains("\"exception\":\"NotFoundException\"", "\"status\":404");
        assertCors(missing);
    }

    @Test
    void theApplicationsOwnNotFoundExceptionGoesToTheClosestMapper(TestClient client) {
        TestResponse missing = client.get("/api/tasks/999").header("Origin", ORIGIN).execute();

        assertThat(missing.status()).isEqualTo(404);
        assertThat(missing.header("x-mapped-by")).hasValue("task-not-found");
        assertThat(missing.body()).contains("\"message\":\"no task 999\"");
        assertCors(missing);
    }

    @Test
    void aMethodNotAllowedIsANotAllowedExceptionThatKeepsItsAllowHeader(TestClient client) {
        TestResponse patch = client.patch("/api/tasks/1").header("Origin", ORIGIN).contentType("application/json")
                .body("{}").execute();

        assertThat(patch.status()).isEqualTo(405);
        assertThat(patch.header("allow")).hasValue("GET,HEAD,PUT,DELETE,OPTIONS");
        assertThat(patch.body()).contains("\"exception\":\"NotAllowedException\"");
        assertCors(patch);
    }

    @Test
    void anUnacceptableAcceptHeaderIsANotAcceptableExceptionForTheMappers(TestClient client) {
        TestResponse csv = client.get("/api/tasks/1").header("Origin", ORIGIN).accept("text/csv").execute();

        assertThat(csv.status()).isEqualTo(406);
        assertThat(csv.body()).contains("\"exception\":\"NotAcceptableException\"");
        assertCors(csv);
    }

    @Test
    void anUnsupportedContentTypeIsANotSupportedExceptionForTheMappers(TestClient client) {
        TestResponse text = client.post("/api/tasks").header("Origin", ORIGIN).contentType("text/plain")
                .body("buy milk").execute();

        assertThat(text.status()).isEqualTo(415);
        assertThat(text.body()).contains("\"exception\":\"NotSupportedException\"");
        assertCors(text);
    }

    @Test
    void headIsServedByTheGetMethodWithTheFiltersHeadersAndNoBody(TestClient client) {
        TestResponse head = client.head("/api/tasks/1").header("Origin", ORIGIN).execute();

        assertThat(head.status()).isEqualTo(200);
        assertThat(head.header("content-type")).hasValue("application/json");
        assertThat(head.body()).isEmpty();
        assertCors(head);
    }

    @Test
    void preMatchingFiltersSeeEveryRequestOtherRequestFiltersOnlyMatchedOnes(TestClient client) {
        client.get("/api/nothing").execute();
        client.options("/api/tasks").execute();
        client.get("/api/tasks/1").execute();

        assertThat(TRACE.seen()).containsExactly(
                "pre-matching GET /nothing",
                "pre-matching OPTIONS /tasks", "matched OPTIONS /tasks",
                "pre-matching GET /tasks/1", "matched GET /tasks/1");
    }

    @Test
    void malformedJsonIsABadRequestExceptionSayingWhereWithoutJacksonInternals(TestClient client) {
        TestResponse bad = client.post("/api/tasks").contentType("application/json")
                .body("{\"title\": \"buy milk\",\n \"priority\": }").execute();

        assertThat(bad.status()).as("the catch-all mapper keeps the exception's status").isEqualTo(400);
        assertThat(bad.body()).contains("\"exception\":\"BadRequestException\"",
                "\"message\":\"malformed JSON at line 2, column 14\"");
        assertThat(bad.body()).doesNotContain("jackson", "Task", "Unexpected character");
    }

    @Test
    void anUnknownPropertyIsABadRequestNamingIt(TestClient client) {
        TestResponse unknown = client.post("/api/tasks").contentType("application/json")
                .body("{\"title\": \"buy milk\", \"colour\": \"red\"}").execute();

        assertThat(unknown.status()).isEqualTo(400);
        assertThat(unknown.body()).contains("\"exception\":\"BadRequestException\"",
                "\"message\":\"unknown property 'colour'\"");
    }

    @Test
    void aValueOfTheWrongKindIsABadRequestNamingTheField(TestClient client) {
        TestResponse wrong = client.post("/api/tasks").contentType("application/json")
                .body("{\"title\": \"buy milk\", \"priority\": \"high\"}").execute();

        assertThat(wrong.status()).isEqualTo(400);
        assertThat(wrong.body()).contains("\"message\":\"invalid value for 'priority': expected a number\"");
    }

    @Test
    void constraintViolationsReachTheApplicationsConstraintViolationExceptionMapper(TestClient client) {
        TestResponse invalid = client.post("/api/tasks").header("Origin", ORIGIN).contentType("application/json")
                .body("{\"title\": \"\", \"priority\": 9}").execute();

        assertThat(invalid.status()).isEqualTo(422);
        assertThat(invalid.body()).contains("\"exception\":\"ConstraintViolationException\"",
                "\"violations\":[\"priority: must be less than or equal to 5\",\"title: must not be blank\"]");
        assertCors(invalid);
    }

    @Test
    void theApplicationsContextResolverDecidesTheJson(TestClient client) {
        TestResponse task = client.get("/api/tasks/1").execute();

        assertThat(task.status()).isEqualTo(200);
        assertThat(task.body()).as("snake_case from the resolver, declaration order, ISO dates")
                .isEqualTo("{\"id\":1,\"title\":\"write the report\",\"priority\":2,\"due_date\":\"2030-01-15\","
                        + "\"done\":false}");

        TestResponse created = client.post("/api/tasks").contentType("application/json")
                .body("{\"title\": \"water plants\", \"due_date\": \"2030-02-01\"}").execute();
        assertThat(created.status()).isEqualTo(201);
        assertThat(created.body()).contains("\"due_date\":\"2030-02-01\"");
        assertThat(created.header("location")).get().asString().matches("http://127\\.0\\.0\\.1:\\d+/api/tasks/\\d+");
    }
}
