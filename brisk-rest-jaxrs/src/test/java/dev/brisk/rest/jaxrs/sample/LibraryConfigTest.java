package dev.brisk.rest.jaxrs.sample;

import dev.brisk.rest.Brisk;
import dev.brisk.rest.BriskServer;
import dev.brisk.rest.jaxrs.compat.EventStream;
import dev.brisk.test.BriskTest;
import dev.brisk.test.TestClient;
import dev.brisk.test.TestResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import static dev.brisk.rest.jaxrs.sample.BookResourceTest.idOf;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The library started from its Jersey {@link LibraryConfig}, over real sockets: every trait a Jersey application
 * relies on at once — Jackson, Bean Validation, {@code @BeanParam}, a sub-resource locator, {@code AsyncResponse} and
 * Server-Sent Events — with the resources and providers the {@code ResourceConfig} registered.
 */
class LibraryConfigTest {

    private static final String JSON = "application/json";

    private static ExecutorService checker;
    private static BriskServer server;
    private static TestClient client;

    @BeforeAll
    static void start() {
        checker = Executors.newFixedThreadPool(2, task -> {
            Thread thread = new Thread(task, "availability-checker");
            thread.setDaemon(true);
            return thread;
        });
        server = Brisk.server().port(0).controllers(new LibraryConfig(BookStore.seeded(), checker)).start();
        client = BriskTest.http(server);
    }

    @AfterAll
    static void stop() {
        server.close();
        checker.shutdownNow();
    }

    @Test
    void jsonEntitiesAreReadAndWrittenUnderTheApplicationPath() {
        TestResponse dune = client.get("/api/books/1").execute();

        assertThat(dune.status()).isEqualTo(200);
        assertThat(dune.header("content-type")).get().asString().startsWith(JSON);
        assertThat(dune.body()).isEqualTo(
                "{\"id\":1,\"title\":\"Dune\",\"author\":\"Frank Herbert\",\"year\":1965,\"isbn\":\"9780441013593\"}");
        TestResponse created = client.post("/api/books").contentType(JSON)
                .body("{\"title\":\"Kindred\",\"author\":\"Octavia E. Butler\",\"year\":1979}").execute();
        assertThat(created.status()).isEqualTo(201);
        assertThat(created.header("location"))
                .hasValue("http://127.0.0.1:" + server.port() + "/api/books/" + idOf(created.body()));
    }

    @Test
    void invalidEntitiesAreRejectedByBeanValidation() {
        TestResponse invalid = client.post("/api/books").contentType(JSON)
                .body("{\"title\":\" \",\"author\":\"Nobody\",\"year\":1200}").execute();

        assertThat(invalid.status()).as(invalid.body()).isEqualTo(400);
        assertThat(invalid.body()).contains("book.title").contains("book.year").doesNotContain("book.author");
    }

    @Test
    void aBeanParamGathersTheQueryAndHeaderParameters() {
        TestResponse found = client.get("/api/catalog/search?q=DUNE&sort=year").header("X-Limit", "1").execute();

        assertThat(found.status()).isEqualTo(200);
        assertThat(found.body()).contains("\"title\":\"Dune\"").doesNotContain("Children of Dune");
    }

    @Test
    void aSubResourceLocatorServesTheReviewsOfABook() {
        TestResponse added = client.post("/api/books/1/reviews").contentType(JSON)
                .body("{\"reviewer\":\"lin\",\"stars\":4,\"comment\":\"Sand everywhere.\"}").execute();

        assertThat(added.status()).as(added.body()).isEqualTo(201);
        assertThat(client.get("/api/books/1/reviews").execute().body()).contains("A classic.").contains("lin");
        assertThat(client.get("/api/books/999/reviews").execute().status()).isEqualTo(404);
    }

    @Test
    void aSuspendedRequestIsResumedByTheCheckerThread() {
        TestResponse available = client.get("/api/availability/1").execute();

        assertThat(available.status()).isEqualTo(200);
        assertThat(available.body()).isEqualTo("{\"bookId\":1,\"title\":\"Dune\",\"available\":true}");
        assertThat(available.header("x-checked-by")).get().asString().startsWith("availability-checker");
    }

    @Test
    void subscribersAreToldOfEveryBookAddedAsJsonEvents() throws Exception {
        try (EventStream first = EventStream.open(server.port(), "/api/events/books");
             EventStream second = EventStream.open(server.port(), "/api/events/books")) {
            assertThat(first.status()).isEqualTo(200);
            assertThat(first.header("content-type")).isEqualTo("text/event-stream");
            assertThat(first.next()).isEqualTo("event: subscribed\ndata: books\n\n");
            assertThat(second.next()).isEqualTo("event: subscribed\ndata: books\n\n");

            TestResponse created = client.post("/api/books").contentType(JSON)
                    .body("{\"title\":\"Parable of the Sower\",\"author\":\"Octavia E. Butler\",\"year\":1993}")
                    .execute();
            assertThat(created.status()).isEqualTo(201);

            long id = idOf(created.body());
            String expected = "id: " + id + "\nevent: book-added\ndata: {\"id\":" + id
                    + ",\"title\":\"Parable of the Sower\",\"author\":\"Octavia E. Butler\",\"year\":1993,"
                    + "\"isbn\":null}\n\n";
            assertThat(first.next()).isEqualTo(expected);
            assertThat(second.next()).isEqualTo(expected);
        }
    }
}
