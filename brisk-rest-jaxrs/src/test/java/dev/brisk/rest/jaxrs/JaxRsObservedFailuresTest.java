package dev.brisk.rest.jaxrs;

import dev.brisk.rest.Brisk;
import dev.brisk.rest.BriskServer;
import dev.brisk.rest.observe.CompletedRequest;
import dev.brisk.rest.observe.RequestObserver;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import jakarta.ws.rs.NotFoundException;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Request observers (the metrics' {@code exception} tag) see the failure an {@code ExceptionMapper} answered, as they
 * see those Brisk's exception handlers answer; over real sockets.
 */
class JaxRsObservedFailuresTest {

    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    static final class OrderNotFoundException extends RuntimeException {
        OrderNotFoundException(String id) {
            super("no order " + id);
        }
    }

    @Path("/orders")
    public static class OrderResource {
        @GET
        @Path("{id}")
        public String order(@PathParam("id") String id) {
            if (id.equals("0")) {
                throw new OrderNotFoundException(id);
            }
            return "order " + id;
        }
    }

    @Path("/numbers")
    public static class NumberResource {
        @GET
        @Path("{n}")
        public String number(@PathParam("n") int n) {
            return "n=" + n;
        }
    }

    @Provider
    public static class NotFoundMapper implements ExceptionMapper<OrderNotFoundException> {
        @Override
        public Response toResponse(OrderNotFoundException e) {
            return Response.status(404).entity(e.getMessage()).build();
        }
    }

    @Test
    void aFailureAMapperAnsweredIsObserved() throws Exception {
        BlockingQueue<CompletedRequest> completed = new LinkedBlockingQueue<>();
        try (BriskServer server = Brisk.server().port(0).host("127.0.0.1")
                .observability(o -> o.observer((RequestObserver) completed::add))
                .controllers(new OrderResource(), new NumberResource(), new NotFoundMapper()).start()) {
            for (String id : new String[] {"0", "1"}) {
                HttpResponse<String> response = CLIENT.send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + server.port() + "/orders/" + id)).build(),
                        HttpResponse.BodyHandlers.ofString());
                CompletedRequest observed = completed.poll(10, TimeUnit.SECONDS);
                assertThat(observed).isNotNull();
                if (id.equals("0")) {
                    assertThat(response.statusCode()).isEqualTo(404);
                    assertThat(observed.error()).containsInstanceOf(OrderNotFoundException.class);
                } else {
                    assertThat(response.statusCode()).isEqualTo(200);
                    assertThat(observed.error()).isEmpty();
                }
            }
            // a parameter that does not convert: JAX-RS answers 404 with its NotFoundException
            HttpResponse<String> unconverted = CLIENT.send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + server.port() + "/numbers/abc")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(unconverted.statusCode()).isEqualTo(404);
            CompletedRequest observed = completed.poll(10, TimeUnit.SECONDS);
            assertThat(observed).isNotNull();
            assertThat(observed.error()).containsInstanceOf(NotFoundException.class);
        }
    }
}
