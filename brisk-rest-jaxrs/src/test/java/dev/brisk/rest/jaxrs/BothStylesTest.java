package dev.brisk.rest.jaxrs;

import dev.brisk.rest.Brisk;
import dev.brisk.rest.RunOn;
import dev.brisk.test.BriskServerExtension;
import dev.brisk.test.TestClient;
import dev.brisk.test.TestResponse;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

import static org.assertj.core.api.Assertions.assertThat;

/** A Spring MVC controller and a JAX-RS resource served by one server, each with its own error handling. */
class BothStylesTest {

    public record Greeting(String style, String name, String thread) {
    }

    @RestController
    public static class SpringGreetings {
        @GetMapping("/spring/{name}")
        public Greeting greet(@PathVariable String name) {
            return new Greeting("spring", name, Thread.currentThread().getName());
        }
    }

    @Path("/jaxrs")
    @RunOn("worker")
    public static class JaxRsGreetings {
        @GET
        @Path("{name}")
        public Greeting greet(@PathParam("name") String name) {
            if (name.equals("nobody")) {
                throw new NotFoundException("nobody is here");
            }
            return new Greeting("jaxrs", name, Thread.currentThread().getName());
        }
    }

    /** Applies to the JAX-RS resources only. */
    public static class NotFoundMapper implements ExceptionMapper<NotFoundException> {
        @Override
        public Response toResponse(NotFoundException exception) {
            return Response.status(404).entity("mapped: " + exception.getMessage()).type("text/plain").build();
        }
    }

    @RegisterExtension
    static final BriskServerExtension SERVER = BriskServerExtension.of(() -> Brisk.server()
            .controllers(new JaxRsGreetings(), new SpringGreetings(), new NotFoundMapper()));

    @Test
    void bothStylesAnswerFromOneServer(TestClient client) {
        TestResponse spring = client.get("/spring/ada").execute();
        assertThat(spring.status()).isEqualTo(200);
        assertThat(spring.body()).startsWith("{\"style\":\"spring\",\"name\":\"ada\"").contains("brisk-worker");

        TestResponse jaxrs = client.get("/jaxrs/bo").execute();
        assertThat(jaxrs.status()).isEqualTo(200);
        assertThat(jaxrs.body()).startsWith("{\"style\":\"jaxrs\",\"name\":\"bo\"").contains("brisk-worker");
    }

    @Test
    void eachStyleKeepsItsErrorHandling(TestClient client) {
        TestResponse mapped = client.get("/jaxrs/nobody").execute();
        assertThat(mapped.status()).isEqualTo(404);
        assertThat(mapped.body()).isEqualTo("mapped: nobody is here");

        TestResponse unknown = client.get("/nowhere").execute();
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.header("content-type")).hasValue("application/problem+json");
    }
}
