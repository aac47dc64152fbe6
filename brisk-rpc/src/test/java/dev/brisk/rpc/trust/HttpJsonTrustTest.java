package dev.brisk.rpc.trust;

import dev.brisk.http.testing.ReliabilityReport;
import dev.brisk.rpc.RpcServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/** The HTTP/JSON face reads bodies as plain data: class names in them are never used to create objects. */
class HttpJsonTrustTest {

    private static final String PROBE = "/rpc/" + JsonProbe.class.getName() + "/";

    private static RpcServer server;
    private static HttpClient http;

    @BeforeAll
    static void start() {
        JsonProbe probe = new JsonProbe() {
            @Override
            public String kind(Object value) {
                return value.getClass().getName();
            }

            @Override
            public String held(Held held) {
                return held.shape() == null ? "null" : held.shape().getClass().getName();
            }

            @Override
            public String inner(Boxed boxed) {
                return boxed.inner() == null ? "null" : boxed.inner().getClass().getName();
            }
        };
        server = RpcServer.builder().host("127.0.0.1").service(JsonProbe.class, probe).http(true).start();
        http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5))
                .build();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static HttpResponse<String> post(String method, String json) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + PROBE + method))
                .timeout(Duration.ofSeconds(10)).header("content-type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)).build();
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void classNamesInABodyAreDataOrRefusedNeverInstantiated() throws Exception {
        Canary.SIGNS.set(0);
        HttpResponse<String> typedArray = post("kind", "[[\"java.net.URL\", \"http://brisk-canary.invalid/\"]]");
        HttpResponse<String> classProperty = post("kind", "[{\"@class\": \"" + Canary.class.getName()
                + "\", \"name\": \"x\"}]");
        HttpResponse<String> annotated = post("inner", "[{\"inner\": [\"" + Canary.class.getName()
                + "\", {\"name\": \"x\"}]}]");
        HttpResponse<String> subtype = post("held", "[{\"shape\": [\"" + JsonProbe.CanaryShape.class.getName()
                + "\", {}]}]");

        assertThat(typedArray.statusCode()).isEqualTo(200);
        assertThat(typedArray.body()).isEqualTo("\"java.util.ArrayList\"");
        assertThat(classProperty.statusCode()).isEqualTo(200);
        assertThat(classProperty.body()).isEqualTo("\"java.util.LinkedHashMap\"");
        assertThat(annotated.statusCode()).as(annotated.body()).isEqualTo(400);
        assertThat(subtype.statusCode()).as(subtype.body()).isEqualTo(400);
        assertThat(Canary.SIGNS.get()).as("canary constructions").isZero();
        ReliabilityReport.record("RPC attacks", "HttpJsonTrustTest.classNamesInABody",
                "the HTTP/JSON face reads a class name in a body (a typed array, an @class property, a field annotated"
                        + " @JsonTypeInfo(use = CLASS), of type Object or of an application interface) as plain data"
                        + " or refuses it with 400; it never creates an object of the named class",
                "typed array -> " + typedArray.body() + ", @class -> " + classProperty.body()
                        + ", @JsonTypeInfo Object field -> " + annotated.statusCode() + ", @JsonTypeInfo field of an"
                        + " application interface -> " + subtype.statusCode() + "; canary constructions 0");
    }
}
