package dev.brisk.rest.spring.compat;

import dev.brisk.rest.Brisk;
import dev.brisk.test.BriskServerExtension;
import dev.brisk.test.TestClient;
import dev.brisk.test.TestResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sample shop's controllers without its advice: failures no handler answers get Brisk's RFC 9457 problem, with
 * Spring's status and details, validation errors by field, and nothing internal disclosed.
 */
class CompatDefaultsTest {

    @RegisterExtension
    static final BriskServerExtension SERVER = BriskServerExtension.of(() -> Brisk.server()
            .controllers(new CustomerController(), new OrderController(), new InventoryController()));

    private static void assertProblem(TestResponse response, int status) {
        assertThat(response.status()).isEqualTo(status);
        assertThat(response.header("content-type")).hasValue("application/problem+json");
        assertThat(response.body()).contains("\"status\":" + status);
    }

    @Test
    void unmatchedRequestsKeepBrisksProblems(TestClient client) {
        TestResponse missing = client.get("/catalogue").execute();
        assertProblem(missing, 404);
        assertThat(missing.body()).contains("no route for /catalogue");
        assertProblem(client.delete("/customers/1").execute(), 405);
        assertProblem(client.post("/customers").contentType("text/plain").body("x").execute(), 415);
    }

    @Test
    void springRequestExceptionsBecomeProblems(TestClient client) {
        TestResponse parameter = client.get("/customers/search").execute();
        assertProblem(parameter, 400);
        assertThat(parameter.body()).contains("Required parameter 'bornAfter' is not present.");
        TestResponse mismatch = client.get("/orders/abc").execute();
        assertProblem(mismatch, 400);
        assertThat(mismatch.body()).contains("path variable 'id': cannot convert 'abc' to long");
        TestResponse gone = client.get("/customers/1/legacy").execute();
        assertProblem(gone, 410);
        assertThat(gone.body()).contains("\"successor\":\"/customers/1\"");
    }

    @Test
    void validationFailuresListTheirFields(TestClient client) {
        TestResponse body = client.post("/customers").contentType("application/json")
                .body("{\"name\":\"\",\"email\":\"ada@example.com\"}").execute();
        assertProblem(body, 400);
        assertThat(body.body()).contains("{\"field\":\"name\",\"message\":\"must not be blank\"}");
        TestResponse parameters = client.get("/inventory/0").execute();
        assertProblem(parameters, 400);
        assertThat(parameters.body()).contains("{\"field\":\"shelf\",\"message\":\"must be greater than or equal to 1\"}");
        TestResponse aop = client.get("/orders?limit=99").execute();
        assertProblem(aop, 400);
        assertThat(aop.body()).contains("\"field\":\"list.limit\"");
    }

    @Test
    void unreadableBodiesSayWhatIsWrong(TestClient client) {
        TestResponse malformed = client.post("/customers").contentType("application/json").body("{\"name\"")
                .execute();
        assertProblem(malformed, 400);
        assertThat(malformed.body()).contains("malformed JSON at line 1").doesNotContain("jackson")
                .doesNotContain("Customer$Draft");
        TestResponse empty = client.post("/customers").contentType("application/json").execute();
        assertProblem(empty, 400);
        assertThat(empty.body()).contains("Required request body is missing");
    }

    @Test
    void unhandledDomainExceptionsAreServerErrorsThatDiscloseNothing(TestClient client) {
        TestResponse response = client.get("/customers/99").execute();
        assertProblem(response, 500);
        assertThat(response.body()).doesNotContain("customer 99");
    }
}
