package dev.brisk.rest.jaxrs.compat;

import dev.brisk.rest.Brisk;
import dev.brisk.test.BriskServerExtension;
import dev.brisk.test.TestClient;
import dev.brisk.test.TestResponse;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An application whose only mapper is the common {@code ExceptionMapper<Exception>}: what it sees is always a
 * Jakarta REST exception type for what Brisk detects (bad bodies, unknown paths), so its usual
 * "WebApplicationException keeps its status" branch keeps a 400 a 400; a type Jackson cannot map at all is a
 * {@code ProcessingException} (the server's fault); a mapper that fails gives a 500.
 */
class ExceptionMapperContractTest {

    /** An interface without type information: Jackson cannot create one, whatever the body. */
    public interface Unmappable {
        String name();
    }

    @Path("/things")
    public static class ThingResource {
        @POST
        @Consumes("application/json")
        public String create(Task task) {
            return task.getTitle();
        }

        @POST
        @Path("unmappable")
        @Consumes("application/json")
        public String unmappable(Unmappable thing) {
            return thing.name();
        }

        @GET
        @Path("broken")
        public String broken() {
            throw new IllegalStateException("database down");
        }

        @GET
        @Path("odd")
        public String odd() {
            throw new IllegalArgumentException("the mapper fails on this one");
        }
    }

    /** Names the exception it saw; keeps the status of Jakarta REST exceptions. */
    public static class ExceptionCatchAll implements ExceptionMapper<Exception> {
        @Override
        public Response toResponse(Exception exception) {
            int status = exception instanceof WebApplicationException wae ? wae.getResponse().getStatus() : 500;
            if (exception instanceof IllegalArgumentException) {
                throw new IllegalStateException("the mapper itself fails");
            }
            return Response.status(status).entity(exception.getClass().getSimpleName()).type("text/plain").build();
        }
    }

    @RegisterExtension
    static final BriskServerExtension SERVER = BriskServerExtension.of(() -> Brisk.server()
            .controllers(new ThingResource(), new ExceptionCatchAll()));

    @Test
    void malformedJsonReachesTheCatchAllAsABadRequestException(TestClient client) {
        TestResponse bad = client.post("/things").contentType("application/json").body("{").execute();

        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.body()).isEqualTo("BadRequestException");
    }

    @Test
    void anUnknownPathReachesTheCatchAllAsANotFoundException(TestClient client) {
        TestResponse missing = client.get("/things/none/here").execute();

        assertThat(missing.status()).isEqualTo(404);
        assertThat(missing.body()).isEqualTo("NotFoundException");
    }

    @Test
    void aTypeJacksonCannotCreateIsAProcessingExceptionNotABadRequest(TestClient client) {
        TestResponse unmappable = client.post("/things/unmappable").contentType("application/json")
                .body("{\"name\": \"x\"}").execute();

        assertThat(unmappable.status()).isEqualTo(500);
        assertThat(unmappable.body()).isEqualTo("ProcessingException");
    }

    @Test
    void theApplicationsOwnExceptionsReachTheCatchAllUnchanged(TestClient client) {
        TestResponse broken = client.get("/things/broken").execute();

        assertThat(broken.status()).isEqualTo(500);
        assertThat(broken.body()).isEqualTo("IllegalStateException");
    }

    @Test
    void aMapperThatFailsGivesA500WithoutDetails(TestClient client) {
        TestResponse odd = client.get("/things/odd").execute();

        assertThat(odd.status()).isEqualTo(500);
        assertThat(odd.header("content-type")).hasValue("application/problem+json");
        assertThat(odd.body()).doesNotContain("mapper", "IllegalArgumentException");
    }
}
