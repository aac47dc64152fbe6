package dev.brisk.rest.jaxrs.compat;

import dev.brisk.rest.Brisk;
import dev.brisk.rest.BriskServer;
import dev.brisk.test.BriskTest;
import dev.brisk.test.TestResponse;
import jakarta.validation.ValidationException;
import jakarta.validation.constraints.Min;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Which mapper answers a broken constraint, as in Jersey, whose Bean Validation registers its own mapper of
 * {@code ValidationException} beside the application's: the closest superclass wins, so an application's catch-all
 * ({@code ExceptionMapper<RuntimeException>}, {@code <Exception>}, {@code <Throwable>}) does not turn a violation
 * into its 500, while the application's own mapper of {@code ValidationException} (same distance) or of
 * {@code ConstraintViolationException} (closer) is chosen over the default answer.
 */
class ValidationMapperPrecedenceTest {

    @Path("/pages")
    public static class PageResource {
        @GET
        public String page(@QueryParam("number") @Min(1) int number) {
            return "page " + number;
        }
    }

    /** Maps everything to 500, as a last resort. */
    public static class RuntimeCatchAll implements ExceptionMapper<RuntimeException> {
        @Override
        public Response toResponse(RuntimeException exception) {
            return Response.serverError().entity("caught by the catch-all").type("text/plain").build();
        }
    }

    /** The application's own answer to validation failures. */
    public static class ValidationMapper implements ExceptionMapper<ValidationException> {
        @Override
        public Response toResponse(ValidationException exception) {
            return Response.status(422).entity("invalid: " + exception.getClass().getSimpleName()).type("text/plain")
                    .build();
        }
    }

    @Test
    void aCatchAllMapperLeavesViolationsToTheDefaultAnswer() {
        try (BriskServer server = Brisk.server().port(0)
                .controllers(new PageResource(), new RuntimeCatchAll(), new ExceptionMapperContractTest.ExceptionCatchAll())
                .start()) {
            TestResponse invalid = BriskTest.http(server).get("/pages?number=0").execute();

            assertThat(invalid.status()).as(invalid.body()).isEqualTo(400);
            assertThat(invalid.header("content-type")).get().asString().startsWith("application/problem+json");
            assertThat(invalid.body()).contains("page.number").doesNotContain("catch-all");
            assertThat(BriskTest.http(server).get("/pages?number=2").execute().body()).isEqualTo("page 2");
        }
    }

    @Test
    void theApplicationsMapperOfValidationExceptionIsChosenOverTheDefaultAnswer() {
        try (BriskServer server = Brisk.server().port(0)
                .controllers(new PageResource(), new RuntimeCatchAll(), new ValidationMapper()).start()) {
            TestResponse invalid = BriskTest.http(server).get("/pages?number=0").execute();

            assertThat(invalid.status()).isEqualTo(422);
            assertThat(invalid.body()).isEqualTo("invalid: ConstraintViolationException");
        }
    }
}
