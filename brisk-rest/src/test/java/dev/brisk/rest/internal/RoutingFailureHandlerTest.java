package dev.brisk.rest.internal;

import dev.brisk.codec.Codecs;
import dev.brisk.http.HttpServer;
import dev.brisk.rest.BriskOptions;
import dev.brisk.rest.Route;
import dev.brisk.rest.protect.ProtectionOptions;
import dev.brisk.rest.spi.RoutingFailure;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Requests routing cannot hand to a route (404, 405, 406, 415) are offered to the routing failure handlers of the
 * controller styles, with what routing found, before Brisk answers them itself.
 */
class RoutingFailureHandlerTest {

    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    private final Route getBook = Route.get("/books/{id}").produces("application/json")
            .handler(ctx -> ctx.send("{}"));
    private final Route postBook = Route.post("/books/{id}").consumes("application/json")
            .handler(ctx -> ctx.send("created"));
    private final List<RoutingFailure> offered = new CopyOnWriteArrayList<>();
    private HttpServer http;
    private RestServer rest;
    /** Answers only failures whose status is listed here. */
    private volatile List<Integer> answered = List.of();

    @BeforeEach
    void start() {
        rest = new RestServer(BriskOptions.DEFAULT, Codecs.defaults(), List.of(), List.of(), List.of(), Map.of(),
                Map.of(), List.of(getBook, postBook), List.of(),
                new PipelineStages(WebFeatures.DEFAULT, ProtectionOptions.DEFAULT, List.of((ctx, failure) -> {
                    offered.add(failure);
                    if (!answered.contains(failure.status())) {
                        return false;
                    }
                    ctx.response().status(418).header("x-failure", String.valueOf(failure.status())).send();
                    return true;
                }), null, null, null));
        http = HttpServer.builder().port(0).host("127.0.0.1").handler(rest).start();
    }

    @AfterEach
    void stop() {
        http.close();
        rest.shutdown();
    }

    private HttpResponse<String> send(String method, String path, String... headers) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + http.port() + path))
                .method(method, method.equals("POST") ? HttpRequest.BodyPublishers.ofString("x")
                        : HttpRequest.BodyPublishers.noBody());
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void aHandlerThatDeclinesLeavesBrisksOwnAnswers() throws Exception {
        HttpResponse<String> notFound = send("GET", "/nothing");
        assertThat(notFound.statusCode()).isEqualTo(404);
        assertThat(notFound.headers().firstValue("content-type")).hasValue("application/problem+json");

        HttpResponse<String> notAllowed = send("DELETE", "/books/1");
        assertThat(notAllowed.statusCode()).isEqualTo(405);
        assertThat(notAllowed.headers().firstValue("allow")).hasValue("GET, HEAD, POST, OPTIONS");

        assertThat(send("POST", "/books/1", "Content-Type", "text/csv").statusCode()).isEqualTo(415);
        assertThat(send("GET", "/books/1", "Accept", "text/csv").statusCode()).isEqualTo(406);
        assertThat(offered).extracting(RoutingFailure::status).containsExactly(404, 405, 415, 406);
    }

    @Test
    void eachFailureCarriesWhatRoutingFound() throws Exception {
        send("GET", "/nothing");
        send("DELETE", "/books/1");
        send("POST", "/books/1", "Content-Type", "text/csv");
        send("GET", "/books/1", "Accept", "text/csv");

        assertThat(offered.get(0).routes()).isEmpty();
        assertThat(offered.get(0).detail()).isEqualTo("no route for /nothing");
        assertThat(offered.get(0).path()).isEqualTo("/nothing");
        assertThat(offered.get(1).path()).isEqualTo("/books/1");
        assertThat(offered.get(1).allowed()).containsExactly("GET", "HEAD", "POST", "OPTIONS");
        assertThat(offered.get(1).routes()).containsExactlyInAnyOrder(getBook, postBook);
        assertThat(offered.get(2).routes()).containsExactly(postBook);
        assertThat(offered.get(3).routes()).containsExactly(getBook);
        assertThat(offered.get(3).detail()).contains("text/csv");
    }

    @Test
    void aHandlerThatAnswersReplacesBrisksAnswer() throws Exception {
        answered = List.of(404, 405, 406, 415);

        HttpResponse<String> notAllowed = send("DELETE", "/books/1");
        assertThat(notAllowed.statusCode()).isEqualTo(418);
        assertThat(notAllowed.headers().firstValue("x-failure")).hasValue("405");
        assertThat(notAllowed.headers().firstValue("allow")).as("the handler decides the headers").isEmpty();
        assertThat(send("GET", "/nothing").headers().firstValue("x-failure")).hasValue("404");
        assertThat(send("POST", "/books/1", "Content-Type", "text/csv").headers().firstValue("x-failure"))
                .hasValue("415");
        assertThat(send("GET", "/books/1", "Accept", "text/csv").headers().firstValue("x-failure"))
                .hasValue("406");
    }

    @Test
    void routedRequestsAndAutomaticOptionsNeverReachTheHandler() throws Exception {
        assertThat(send("GET", "/books/1").statusCode()).isEqualTo(200);
        HttpResponse<String> options = send("OPTIONS", "/books/1");
        assertThat(options.statusCode()).isEqualTo(200);
        assertThat(options.headers().firstValue("allow")).hasValue("GET, HEAD, POST, OPTIONS");
        assertThat(offered).isEmpty();
    }
}
