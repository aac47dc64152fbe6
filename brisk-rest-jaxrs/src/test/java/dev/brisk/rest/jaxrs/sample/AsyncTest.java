package dev.brisk.rest.jaxrs.sample;

import dev.brisk.rest.Brisk;
import dev.brisk.test.BriskServerExtension;
import dev.brisk.test.TestClient;
import dev.brisk.test.TestResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Asynchronous resource methods ({@link AvailabilityResource}): {@code @Suspended AsyncResponse} resumed from an
 * application thread with an entity or with an exception (mapped like a thrown one), a {@code CompletionStage}
 * result, a long poll answered by another request, and the 503 of a suspension that times out without a handler.
 */
class AsyncTest {

    private static final AtomicInteger THREADS = new AtomicInteger();
    private static final ExecutorService CHECKER = Executors.newFixedThreadPool(2, task -> {
        Thread thread = new Thread(task, "availability-checker-" + THREADS.incrementAndGet());
        thread.setDaemon(true);
        return thread;
    });
    private static final BookStore STORE = BookStore.seeded();

    @RegisterExtension
    static final BriskServerExtension SERVER = BriskServerExtension.of(() -> Brisk.server()
            .controllers(new AvailabilityResource(STORE, CHECKER), new BookNotFoundMapper()));

    @AfterAll
    static void stopChecker() {
        CHECKER.shutdownNow();
    }

    @Test
    void aSuspendedRequestIsResumedByAnotherThread(TestClient client) {
        TestResponse available = client.get("/availability/1").execute();
        assertThat(available.status()).isEqualTo(200);
        assertThat(available.header("content-type")).get().asString().startsWith("application/json");
        assertThat(available.body()).isEqualTo("{\"bookId\":1,\"title\":\"Dune\",\"available\":true}");
        assertThat(available.header("x-checked-by")).get().asString().startsWith("availability-checker-");

        assertThat(client.get("/availability/2").execute().body())
                .isEqualTo("{\"bookId\":2,\"title\":\"Neuromancer\",\"available\":false}");
    }

    @Test
    void resumingWithAnExceptionGoesThroughTheExceptionMappers(TestClient client) {
        TestResponse unknown = client.get("/availability/999").execute();

        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.body()).isEqualTo("{\"code\":\"book_not_found\",\"message\":\"book 999 not found\"}");
    }

    @Test
    void aCompletionStageIsWrittenWhenItCompletes(TestClient client) {
        TestResponse book = client.get("/availability/1/book").execute();
        assertThat(book.status()).isEqualTo(200);
        assertThat(book.body()).isEqualTo(
                "{\"id\":1,\"title\":\"Dune\",\"author\":\"Frank Herbert\",\"year\":1965,\"isbn\":\"9780441013593\"}");

        TestResponse failed = client.get("/availability/999/book").execute();
        assertThat(failed.status()).as("completed exceptionally with BookNotFoundException").isEqualTo(404);
        assertThat(failed.body()).contains("\"code\":\"book_not_found\"");
    }

    @Test
    void aLongPollIsAnsweredWhenTheBookComesBack(TestClient client) throws Exception {
        STORE.lend(3);
        CompletableFuture<TestResponse> poll = CompletableFuture.supplyAsync(
                () -> client.get("/availability/3/wait").execute());

        TestResponse returned = client.post("/availability/3/return").execute();
        assertThat(returned.status()).isEqualTo(200);

        TestResponse answered = poll.get(15, TimeUnit.SECONDS);
        assertThat(answered.status()).isEqualTo(200);
        assertThat(answered.body())
                .isEqualTo("{\"bookId\":3,\"title\":\"The Left Hand of Darkness\",\"available\":true}");
        assertThat(client.get("/availability/999/wait").execute().status()).isEqualTo(404);
    }

    @Test
    void aSuspensionThatTimesOutWithoutAHandlerIs503(TestClient client) {
        assertThat(client.get("/availability/2/wait?timeout=200").execute().status()).isEqualTo(503);
    }
}
