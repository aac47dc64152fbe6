package dev.brisk.rest.spring.compat;

import dev.brisk.test.BriskServerExtension;
import dev.brisk.test.TestClient;
import dev.brisk.test.TestResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.json.JsonMapper;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sample shop ({@link CompatApplication}), a Spring MVC 7 application, served unchanged by Brisk and exercised
 * over real sockets: one test per behaviour Spring MVC documents.
 */
class SpringCompatTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String PROBLEM = "application/problem+json";

    @RegisterExtension
    static final BriskServerExtension SERVER = BriskServerExtension.of(CompatApplication::server);

    @SuppressWarnings("unchecked")
    private static Map<String, Object> json(TestResponse response) {
        return JSON.readValue(response.body(), Map.class);
    }

    private static void assertProblem(TestResponse response, int status) {
        assertThat(response.status()).isEqualTo(status);
        assertThat(response.header("content-type")).hasValue(PROBLEM);
        assertThat(json(response)).containsEntry("status", status).doesNotContainKey("properties");
    }

    // ---- error contracts ------------------------------------------------------------------------------------

    @Test
    void problemDetailFromExceptionHandlerHasItsStatusAndFlatProperties(TestClient client) {
        TestResponse response = client.get("/customers/99").execute();
        assertProblem(response, 404);
        assertThat(json(response)).containsEntry("type", "https://shop.example/problems/customer-not-found")
                .containsEntry("title", "Customer not found").containsEntry("detail", "customer 99 does not exist")
                .containsEntry("instance", "/customers/99").containsEntry("customerId", 99)
                .containsEntry("path", "uri=/customers/99");
    }

    @Test
    void responseEntityOfProblemDetailIsProblemJson(TestClient client) {
        TestResponse response = client.get("/customers/1/conflict").execute();
        assertProblem(response, 409);
        assertThat(json(response)).containsEntry("title", "Conflict").containsEntry("openOrders", 2)
                .containsEntry("instance", "/customers/1/conflict");
    }

    @Test
    void errorResponseExceptionIsAnsweredWithItsProblem(TestClient client) {
        TestResponse response = client.get("/customers/1/legacy").execute();
        assertProblem(response, 410);
        assertThat(json(response)).containsEntry("type", "https://shop.example/problems/retired")
                .containsEntry("detail", "the legacy API is retired").containsEntry("successor", "/customers/1");
    }

    @Test
    void invalidBodyIsMethodArgumentNotValidWithFieldErrors(TestClient client) {
        TestResponse response = client.post("/customers").contentType("application/json")
                .body("{\"name\":\" \",\"email\":\"not-an-address\",\"age\":200}").execute();
        assertProblem(response, 400);
        assertThat(json(response)).containsEntry("object", "draft").containsEntry("errors", Map.of(
                "name", "must not be blank", "email", "must be a well-formed email address",
                "age", "must be less than or equal to 150"));
    }

    @Test
    void validationMessagesAreInterpolatedWithoutExpressionLanguage(TestClient client) {
        TestResponse response = client.post("/customers").contentType("application/json")
                .body("{\"name\":\"Bo\"}").execute();
        assertProblem(response, 400);
        assertThat(response.body()).contains("must not be null").doesNotContain("{jakarta.validation");
    }

    @Test
    void modelAttributeFieldThatDoesNotConvertIsABindingError(TestClient client) {
        TestResponse response = client.get("/orders/search?from=soon&to=2026-03-01").execute();
        assertProblem(response, 400);
        assertThat(json(response)).containsEntry("object", "search")
                .containsEntry("errors", Map.of("from", "cannot convert 'soon' to local date"));
    }

    @Test
    void constraintsOnParametersAreHandlerMethodValidation(TestClient client) {
        assertThat(client.get("/inventory/3?rows=2").execute().body()).isEqualTo("shelf 3, 2 row(s)");
        TestResponse response = client.get("/inventory/0?rows=20").execute();
        assertProblem(response, 400);
        assertThat(json(response)).containsEntry("parameters", List.of("rows", "shelf"));
    }

    @Test
    void validatedClassRaisesConstraintViolationException(TestClient client) {
        TestResponse response = client.get("/orders?limit=500").execute();
        assertProblem(response, 400);
        assertThat(json(response)).containsEntry("violations",
                List.of("list.limit: must be less than or equal to 50"));
    }

    @Test
    void malformedJsonIsHttpMessageNotReadableInTheClientsTerms(TestClient client) {
        TestResponse response = client.post("/customers").contentType("application/json")
                .body("{\"name\": }").execute();
        assertProblem(response, 400);
        assertThat(json(response)).containsEntry("detail", "malformed JSON at line 1, column 10");
        TestResponse wrongType = client.post("/customers").contentType("application/json")
                .body("{\"name\":\"Bo\",\"email\":\"bo@example.com\",\"age\":\"old\"}").execute();
        assertProblem(wrongType, 400);
        assertThat(json(wrongType)).containsEntry("detail", "field 'age' must be a number");
        assertThat(response.body() + wrongType.body()).doesNotContain("jackson").doesNotContain("dev.brisk")
                .doesNotContain("Exception");
    }

    @Test
    void jsonNullForARequiredBodyIsBadRequest(TestClient client) {
        TestResponse response = client.post("/customers").contentType("application/json").body("null").execute();
        assertProblem(response, 400);
        assertThat(json(response)).containsEntry("detail", "Required request body is missing");
    }

    @Test
    void missingParameterAndHeaderAreSpringsMissingValueExceptions(TestClient client) {
        TestResponse parameter = client.get("/customers/search").execute();
        assertProblem(parameter, 400);
        assertThat(json(parameter)).containsEntry("detail", "Required parameter 'bornAfter' is not present.");
        TestResponse header = client.get("/customers/request-info").execute();
        assertProblem(header, 400);
        assertThat(json(header)).containsEntry("detail", "Required header 'X-Tenant' is not present.");
    }

    @Test
    void unconvertibleValueIsTypeMismatch(TestClient client) {
        TestResponse response = client.get("/orders/abc").execute();
        assertProblem(response, 400);
        assertThat(json(response)).containsEntry("detail", "Failed to convert 'id' with value: 'abc'");
    }

    @Test
    void unsupportedContentTypeIsHttpMediaTypeNotSupported(TestClient client) {
        TestResponse response = client.post("/customers").contentType("text/plain").body("Ada").execute();
        assertProblem(response, 415);
        assertThat(json(response)).containsEntry("detail", "Content-Type 'text/plain' is not supported.");
        assertThat(response.header("accept")).hasValue("application/json");
    }

    @Test
    void unacceptableTypeIsHttpMediaTypeNotAcceptable(TestClient client) {
        TestResponse response = client.get("/customers/1/export").accept("image/png").execute();
        assertProblem(response, 406);
        assertThat(json(response)).containsEntry("detail", "Acceptable representations: [application/json, "
                + "text/csv].");
    }

    @Test
    void aResultThatCannotBeWrittenAsAcceptedListsWhatCan(TestClient client) {
        TestResponse response = client.get("/customers/1").accept("application/xml").execute();
        assertProblem(response, 406);
        assertThat(json(response).get("detail").toString()).startsWith("Acceptable representations: [")
                .contains("application/json");
    }

    @Test
    void unsupportedMethodIsHttpRequestMethodNotSupported(TestClient client) {
        TestResponse response = client.delete("/customers/1").execute();
        assertProblem(response, 405);
        assertThat(json(response)).containsEntry("detail", "Method 'DELETE' is not supported.");
        assertThat(response.header("allow")).get().asString().contains("GET").contains("PUT");
    }

    @Test
    void unmappedPathIsNoResourceFound(TestClient client) {
        TestResponse response = client.get("/catalogue/items").execute();
        assertProblem(response, 404);
        assertThat(json(response)).containsEntry("detail", "No static resource catalogue/items.");
    }

    @Test
    void failedCompletableFutureGoesToTheAdvice(TestClient client) {
        assertThat(client.get("/customers/1/async").execute().body()).contains("\"name\":\"Ada\"");
        TestResponse response = client.get("/customers/42/async").execute();
        assertProblem(response, 404);
        assertThat(json(response)).containsEntry("customerId", 42);
    }

    @Test
    void exceptionHandlersMatchCauses(TestClient client) {
        TestResponse response = client.get("/customers/43/wrapped").execute();
        assertProblem(response, 404);
        assertThat(json(response)).containsEntry("customerId", 43);
    }

    @Test
    void responseStatusExceptionIsAnErrorResponseTheHandlerAnswers(TestClient client) {
        TestResponse response = client.get("/orders/7").execute();
        assertProblem(response, 404);
        assertThat(json(response)).containsEntry("detail", "order 7 does not exist");
    }

    @Test
    void errorResponseReturnedByAnExceptionHandler(TestClient client) {
        TestResponse response = client.get("/inventory/3/reserve?count=-2").execute();
        assertProblem(response, 422);
        assertThat(response.header("x-stock-error")).hasValue("count");
        assertThat(json(response)).containsEntry("detail", "count must be positive, not -2");
    }

    // ---- silently wrong before ------------------------------------------------------------------------------

    @Test
    void dateTimeFormatOnParametersAndBoundFields(TestClient client) {
        assertThat(client.get("/customers/search?bornAfter=31.12.1899").execute().body()).isEqualTo("[\"Grace\"]");
        assertThat(client.get("/orders/search?from=01.02.2026&to=2026-03-01&item=tea").execute().body())
                .isEqualTo("from 2026-02-01 to 2026-03-01 item tea");
        // Spring's pattern parser falls back to ISO dates
        assertThat(client.get("/customers/search?bornAfter=1899-12-31").execute().body()).isEqualTo("[\"Grace\"]");
        TestResponse neither = client.get("/customers/search?bornAfter=31/12/1899").execute();
        assertProblem(neither, 400);
        assertThat(json(neither)).containsEntry("detail", "Failed to convert 'bornAfter' with value: '31/12/1899'");
    }

    @Test
    void localeComesFromAcceptLanguage(TestClient client) {
        assertThat(client.get("/customers/1/greeting").header("Accept-Language", "fr-CH, fr;q=0.9, en;q=0.8")
                .execute().body()).isEqualTo("Bonjour Ada (fr-CH)");
        assertThat(client.get("/customers/1/greeting").header("Accept-Language", "en;q=0.5, de-DE;q=0.9")
                .execute().body()).isEqualTo("Hallo Ada (de-DE)");
    }

    @Test
    void producesVariantsAreChosenAsSpringChoosesThem(TestClient client) {
        TestResponse any = client.get("/customers/1/export").accept("*/*").execute();
        assertThat(any.header("content-type")).hasValue("application/json");
        assertThat(any.body()).contains("\"name\":\"Ada\"");
        TestResponse none = client.get("/customers/1/export").execute();
        assertThat(none.header("content-type")).hasValue("application/json");
        TestResponse csv = client.get("/customers/1/export").accept("text/csv").execute();
        assertThat(csv.header("content-type")).get().asString().startsWith("text/csv");
        assertThat(csv.body()).isEqualTo("1,Ada");
    }

    // ---- parameter types ------------------------------------------------------------------------------------

    @Test
    void uriComponentsBuilderBuildsTheLocation(TestClient client) {
        TestResponse response = client.post("/customers").contentType("application/json")
                .body("{\"name\":\"Linus\",\"email\":\"linus@example.com\"}").execute();
        assertThat(response.status()).isEqualTo(201);
        assertThat(response.header("location")).get().asString().matches("http://127\\.0\\.0\\.1:\\d+/customers/\\d+");
    }

    @Test
    void httpEntityAndRequestEntityCarryHeadersAndBody(TestClient client) {
        TestResponse replaced = client.put("/customers/2").contentType("application/json").header("X-Suffix", "!")
                .body("{\"name\":\"Grace H.\",\"email\":\"grace@example.com\"}").execute();
        assertThat(json(replaced)).containsEntry("name", "Grace H.!");
        TestResponse raw = client.post("/customers/raw?x=1").contentType("text/plain").body("hello").execute();
        assertThat(raw.body()).isEqualTo("POST /customers/raw hello");
    }

    @Test
    void requestInformationParameters(TestClient client) {
        TestResponse response = client.get("/customers/request-info?page=3").header("X-Tenant", "acme")
                .header("Accept", "application/json").header("X-Tag", "a").header("X-Tag", "b")
                .header("X-User", "ada").execute();
        assertThat(json(response)).containsEntry("tenant", "acme").containsEntry("accept", "application/json")
                .containsEntry("firstTag", "a").containsEntry("tags", List.of("a", "b"))
                .containsEntry("method", "GET").containsEntry("principal", "ada").containsEntry("page", "3")
                .containsEntry("requestId", "r-23");
        TestResponse anonymous = client.get("/customers/request-info").header("X-Tenant", "acme").execute();
        assertThat(json(anonymous)).containsEntry("principal", "anonymous");
    }

    @Test
    void bindingResultAfterTheBodyLetsTheControllerDecide(TestClient client) {
        TestResponse bad = client.post("/customers/check").contentType("application/json")
                .body("{\"name\":\"\",\"email\":\"x@example.com\"}").execute();
        assertThat(bad.status()).isEqualTo(200);
        assertThat(json(bad)).containsEntry("valid", false).containsEntry("name", "must not be blank");
        TestResponse good = client.post("/customers/check").contentType("application/json")
                .body("{\"name\":\"Al\",\"email\":\"al@example.com\"}").execute();
        assertThat(json(good)).isEqualTo(Map.of("valid", true));
    }
}
