package dev.brisk.client;

import dev.brisk.http.HttpServer;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** ensureSuccess() and retrieve(...): a non-2xx status is a failure, not a half-decoded object. */
class RetrieveTest extends ClientTestSupport {

    record Pet(String name, int age) {
    }

    private HttpServer petServer() {
        return server(request -> {
            switch (request.path()) {
                case "/pets/1" -> request.response().header("Content-Type", "application/json")
                        .send("{\"name\":\"Rex\",\"age\":3}");
                case "/pets" -> request.response().header("Content-Type", "application/json")
                        .send("[{\"name\":\"Rex\",\"age\":3},{\"name\":\"Tom\",\"age\":5}]");
                case "/empty" -> request.response().status(204).send("");
                case "/long" -> request.response().status(500).header("Content-Type", "text/plain")
                        .send("x".repeat(1000));
                default -> request.response().status(404).header("Content-Type", "application/json")
                        .header("X-Trace", "t-1").send("{\"error\":\"no such pet\"}");
            }
        });
    }

    @Test
    void retrieveDecodesA2xxBody() {
        HttpServer server = petServer();
        BriskClient client = client();

        Pet pet = client.get(url(server, "/pets/1")).retrieve(Pet.class).toCompletableFuture().join();
        List<Pet> pets = client.get(url(server, "/pets")).retrieve(new TypeRef<List<Pet>>() { })
                .toCompletableFuture().join();
        Void none = client.delete(url(server, "/empty")).retrieve(Void.class).toCompletableFuture().join();

        assertThat(pet).isEqualTo(new Pet("Rex", 3));
        assertThat(pets).containsExactly(new Pet("Rex", 3), new Pet("Tom", 5));
        assertThat(none).isNull();
    }

    @Test
    void retrieveFailsWithTheStatusInsteadOfDecodingAnErrorBody() {
        HttpServer server = petServer();
        BriskClient client = client();

        Throwable failure = failure(client.get(url(server, "/pets/9")).retrieve(Pet.class));

        assertThat(failure).isInstanceOf(UnexpectedStatusException.class).isInstanceOf(HttpClientException.class);
        UnexpectedStatusException status = (UnexpectedStatusException) failure;
        assertThat(status.status()).isEqualTo(404);
        assertThat(status.headers().first("x-trace")).contains("t-1");
        assertThat(status.bodyAsString()).isEqualTo("{\"error\":\"no such pet\"}");
        assertThat(status.getMessage()).contains("GET").contains(url(server, "/pets/9")).contains("404")
                .contains("no such pet");
        assertThat(status.requestSent()).isTrue();
    }

    @Test
    void theStageFailsWithTheExceptionItself() {
        HttpServer server = petServer();
        BriskClient client = client();

        Throwable seen = client.get(url(server, "/missing")).retrieve(Pet.class).handle((value, error) -> error)
                .toCompletableFuture().join();
        assertThatThrownBy(() -> client.get(url(server, "/missing")).retrieve(Pet.class).toCompletableFuture().get())
                .isInstanceOf(ExecutionException.class).hasCauseInstanceOf(UnexpectedStatusException.class);

        assertThat(seen).isInstanceOf(UnexpectedStatusException.class);
    }

    @Test
    void ensureSuccessReturnsA2xxResponseAndThrowsOtherwise() {
        HttpServer server = petServer();
        BriskClient client = client();

        HttpResponse ok = client.get(url(server, "/pets/1")).send();
        assertThat(ok.ensureSuccess()).isSameAs(ok);

        HttpResponse notFound = client.get(url(server, "/nope")).send();
        assertThatThrownBy(notFound::ensureSuccess).isInstanceOf(UnexpectedStatusException.class)
                .hasMessageContaining("404");
    }

    @Test
    void theMessageQuotesOnlyTheStartOfALongBody() {
        HttpServer server = petServer();
        BriskClient client = client();

        UnexpectedStatusException failure = (UnexpectedStatusException) failure(
                client.post(url(server, "/long")).retrieve(String.class));

        assertThat(failure.status()).isEqualTo(500);
        assertThat(failure.bodyAsString()).hasSize(1000);
        assertThat(failure.getMessage()).startsWith("POST ").hasSizeLessThan(400).endsWith("...");
    }

    @Test
    void aStreamedErrorResponseIsReadIntoTheExceptionAndClosed() {
        HttpServer server = petServer();
        BriskClient client = client();

        StreamedResponse streamed = client.get(url(server, "/nope")).sendStreamed();

        assertThatThrownBy(streamed::ensureSuccess).isInstanceOfSatisfying(UnexpectedStatusException.class,
                e -> assertThat(e.bodyAsString()).contains("no such pet"));
        assertThat(client.get(url(server, "/pets/1")).retrieve(Pet.class).toCompletableFuture().join().name())
                .isEqualTo("Rex");
    }

    @Test
    void aFailedCallStillFailsWithItsOwnException() {
        BriskClient client = client();

        Throwable failure = failure(client.get("http://127.0.0.1:1/x").retrieve(Pet.class));

        assertThat(failure).isInstanceOf(HttpClientException.class).isNotInstanceOf(UnexpectedStatusException.class)
                .isNotInstanceOf(CompletionException.class);
    }
}
