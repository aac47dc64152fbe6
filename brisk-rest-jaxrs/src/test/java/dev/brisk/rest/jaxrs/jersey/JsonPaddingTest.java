package dev.brisk.rest.jaxrs.jersey;

import dev.brisk.rest.Brisk;
import dev.brisk.test.BriskServerExtension;
import dev.brisk.test.TestClient;
import dev.brisk.test.TestResponse;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.glassfish.jersey.server.JSONP;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Jersey's {@code @JSONP}, over real sockets: asked for as JavaScript, the JSON of an annotated method is wrapped in a
 * call of the annotation's callback (or the one its query parameter names), the response keeping the JavaScript
 * type; asked for as JSON, it is written as it is.
 */
class JsonPaddingTest {

    /** A resource that serves JSON to scripts. */
    @Path("weather")
    public static class WeatherResource {
        @GET
        @JSONP
        @Produces({"application/javascript", MediaType.APPLICATION_JSON})
        public Map<String, Integer> today() {
            return Map.of("celsius", 21);
        }

        @GET
        @Path("named")
        @JSONP(callback = "show", queryParam = "cb")
        @Produces({"text/javascript", MediaType.APPLICATION_JSON})
        public Map<String, Integer> named() {
            return Map.of("celsius", 19);
        }
    }

    @RegisterExtension
    static final BriskServerExtension SERVER = BriskServerExtension.of(() -> Brisk.server()
            .controllers(new WeatherResource()));

    @Test
    void javascriptIsTheJsonInACallOfTheCallback(TestClient client) {
        TestResponse script = client.get("/weather").header("Accept", "application/javascript").execute();

        assertThat(script.status()).isEqualTo(200);
        assertThat(script.header("content-type")).hasValue("application/javascript");
        assertThat(script.body()).isEqualTo("callback({\"celsius\":21})");
    }

    @Test
    void theQueryParameterNamesTheCallbackElseTheAnnotationDoes(TestClient client) {
        assertThat(client.get("/weather/named?cb=render").header("Accept", "text/javascript").execute().body())
                .isEqualTo("render({\"celsius\":19})");
        assertThat(client.get("/weather/named").header("Accept", "text/javascript").execute().body())
                .isEqualTo("show({\"celsius\":19})");
    }

    @Test
    void jsonIsWrittenAsItIs(TestClient client) {
        TestResponse json = client.get("/weather").header("Accept", "application/json").execute();

        assertThat(json.header("content-type")).hasValue("application/json");
        assertThat(json.body()).isEqualTo("{\"celsius\":21}");
    }
}
