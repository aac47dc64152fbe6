package dev.brisk.rest.jaxrs.sample;

import dev.brisk.rest.Brisk;
import dev.brisk.test.BriskServerExtension;
import dev.brisk.test.TestClient;
import dev.brisk.test.TestResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static dev.brisk.rest.jaxrs.sample.BookResourceTest.idOf;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The library deployed as one {@link LibraryApplication}: its {@code @ApplicationPath("/api")} prefixes every route
 * and the base URI, its singletons serve shared state, and the classes it lists are instantiated by the runtime
 * (a per-request resource with injected fields, providers created once).
 */
class ApplicationTest {

    private static final String JSON = "application/json";

    @RegisterExtension
    static final BriskServerExtension SERVER = BriskServerExtension.of(() -> Brisk.server()
            .controllers(new LibraryApplication()));

    @Test
    void resourcesAreServedUnderTheApplicationPath(TestClient client) {
        TestResponse dune = client.get("/api/books/1").execute();
        assertThat(dune.status()).isEqualTo(200);
        assertThat(dune.body()).isEqualTo(
                "{\"id\":1,\"title\":\"Dune\",\"author\":\"Frank Herbert\",\"year\":1965,\"isbn\":\"9780441013593\"}");
        assertThat(client.get("/api/catalog/books;author=gibson").execute().body()).contains("Neuromancer");
        assertThat(client.get("/api/books/999").execute().body()).contains("book_not_found");

        assertThat(client.get("/books/1").execute().status()).isEqualTo(404);
        assertThat(client.get("/catalog/books").execute().status()).isEqualTo(404);
    }

    @Test
    void locationsAndUriInfoIncludeTheApplicationPath(TestClient client) {
        String origin = "http://127.0.0.1:" + SERVER.server().port();

        TestResponse created = client.post("/api/books").contentType(JSON)
                .body("{\"title\":\"The Book of the New Sun\",\"author\":\"Gene Wolfe\",\"year\":1980}").execute();
        assertThat(created.status()).isEqualTo(201);
        assertThat(created.header("location")).hasValue(origin + "/api/books/" + idOf(created.body()));

        assertThat(client.get("/api/books/1/links").execute().body())
                .contains("\"self\":\"" + origin + "/api/books/1/links\"")
                .contains("\"base\":\"" + origin + "/api/\"");
    }

    @Test
    void aResourceListedInGetClassesIsCreatedPerRequestWithInjectedFields(TestClient client) {
        TestResponse first = client.get("/api/info").execute();
        TestResponse second = client.get("/api/info?verbose=true").execute();

        assertThat(first.status()).as(first.body()).isEqualTo(200);
        assertThat(second.status()).as(second.body()).isEqualTo(200);
        assertThat(first.body()).startsWith("{\"service\":\"library\",\"instance\":")
                .contains("\"baseUri\":\"http://127.0.0.1:" + SERVER.server().port() + "/api/\"")
                .doesNotContain("\"path\"");
        assertThat(second.body()).contains("\"path\":");
        assertThat(instance(second)).isNotEqualTo(instance(first));
    }

    @Test
    void providersListedInGetClassesAreInstantiatedByTheRuntime(TestClient client) {
        assertThat(client.get("/api/catalog/isbn/978-0441013593").execute().body()).contains("\"title\":\"Dune\"");

        TestResponse failed = client.get("/api/books/1/cover").execute();
        assertThat(failed.status()).isEqualTo(500);
        assertThat(failed.body()).contains("\"code\":\"internal_error\"");

        long id = idOf(client.post("/api/books").contentType(JSON)
                .body("{\"title\":\"Lilith's Brood\",\"author\":\"Octavia E. Butler\",\"year\":2000}")
                .execute().body());
        TestResponse deleted = client.post("/api/books/" + id).header("X-HTTP-Method-Override", "DELETE")
                .header("Authorization", "Bearer " + AuthFilter.LIBRARIAN_TOKEN).execute();
        assertThat(deleted.status()).isEqualTo(204);
        assertThat(client.get("/api/books/" + id).execute().status()).isEqualTo(404);
    }

    @Test
    void providersFromGetSingletonsApplyToEveryResource(TestClient client) {
        assertThat(client.get("/api/catalog/books").header("X-Request-Id", "app-1").execute().header("x-request-id"))
                .hasValue("app-1");
        assertThat(client.get("/api/members/me").execute().status()).isEqualTo(401);
        assertThat(client.get("/api/books/1").accept("text/csv").execute().body())
                .isEqualTo("id,title,author,year,isbn\n1,Dune,Frank Herbert,1965,9780441013593\n");
    }

    private static int instance(TestResponse info) {
        Matcher instance = Pattern.compile("\"instance\":(\\d+)").matcher(info.body());
        assertThat(instance.find()).as("an instance in %s", info.body()).isTrue();
        return Integer.parseInt(instance.group(1));
    }
}
