package dev.brisk.rest.jaxrs.sample;

import dev.brisk.rest.Brisk;
import dev.brisk.test.BriskServerExtension;
import dev.brisk.test.TestClient;
import dev.brisk.test.TestResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link BookResource} and its sub-resource {@link ReviewsResource} over real sockets: CRUD with every method
 * designator, {@code Response.created} locations, {@code GenericEntity}, Bean Validation, conditional requests
 * ({@code @Context Request}), explicit and automatic HEAD and OPTIONS, 404/405/406/415, {@code @Produces} chosen
 * by {@code Accept}, {@link jakarta.ws.rs.WebApplicationException}s and the {@link BookNotFoundMapper}, and a method
 * on Brisk's {@code worker} pool.
 */
class BookResourceTest {

    private static final String JSON = "application/json";
    private static final String LIBRARIAN = "Bearer " + AuthFilter.LIBRARIAN_TOKEN;
    private static final String DUNE =
            "{\"id\":1,\"title\":\"Dune\",\"author\":\"Frank Herbert\",\"year\":1965,\"isbn\":\"9780441013593\"}";

    @RegisterExtension
    static final BriskServerExtension SERVER = BriskServerExtension.of(() -> Brisk.server()
            .controllers(new BookResource(BookStore.seeded()), new BookNotFoundMapper(), new AuthFilter()));

    @Test
    void getsOneBookAsJsonWithAnEntityTag(TestClient client) {
        TestResponse response = client.get("/books/1").execute();

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.header("content-type")).get().asString().startsWith(JSON);
        assertThat(response.body()).isEqualTo(DUNE);
        assertThat(response.header("etag")).get().asString().startsWith("\"").endsWith("\"");
    }

    @Test
    void listsAPageAsAGenericEntityWithTheTotalInAHeader(TestClient client) {
        TestResponse response = client.get("/books?author=herbert").execute();

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.header("x-total-count")).hasValue("2");
        assertThat(response.body()).startsWith("[" + DUNE + ",{\"id\":4,\"title\":\"Children of Dune\"")
                .endsWith("}]");
        assertThat(client.get("/books?author=nobody").execute().body()).isEqualTo("[]");
    }

    @Test
    void createsABookWithItsAbsoluteLocation(TestClient client) {
        TestResponse created = client.post("/books").contentType(JSON)
                .body("{\"title\":\"Foundation\",\"author\":\"Isaac Asimov\",\"year\":1951,\"isbn\":\"9780553293357\"}")
                .execute();

        assertThat(created.status()).isEqualTo(201);
        long id = idOf(created.body());
        assertThat(created.body()).isEqualTo("{\"id\":" + id
                + ",\"title\":\"Foundation\",\"author\":\"Isaac Asimov\",\"year\":1951,\"isbn\":\"9780553293357\"}");
        assertThat(created.header("location"))
                .hasValue("http://127.0.0.1:" + SERVER.server().port() + "/books/" + id);
        assertThat(client.get("/books/" + id).execute().body()).contains("\"title\":\"Foundation\"");
    }

    @Test
    void rejectsInvalidBooksWithTheViolatedFields(TestClient client) {
        TestResponse invalid = client.post("/books").contentType(JSON)
                .body("{\"title\":\" \",\"author\":\"Nobody\",\"year\":1200}").execute();

        assertThat(invalid.status()).isEqualTo(400);
        assertThat(invalid.header("content-type")).get().asString().startsWith("application/problem+json");
        assertThat(invalid.body()).contains("\"errors\":[").contains("book.title").contains("book.year")
                .doesNotContain("book.author");
        assertThat(client.post("/books").contentType(JSON).body("{\"title\":").execute().status()).isEqualTo(400);
    }

    @Test
    void aKnownIsbnIsAConflictAnsweredWithTheExceptionsOwnResponse(TestClient client) {
        TestResponse conflict = client.post("/books").contentType(JSON)
                .body("{\"title\":\"Dune again\",\"author\":\"Frank Herbert\",\"year\":1965,"
                        + "\"isbn\":\"9780441013593\"}")
                .execute();

        assertThat(conflict.status()).isEqualTo(409);
        assertThat(conflict.header("x-existing-id")).hasValue("1");
        assertThat(conflict.header("content-type")).get().asString().startsWith(JSON);
        assertThat(conflict.body())
                .isEqualTo("{\"code\":\"duplicate_isbn\",\"message\":\"ISBN 9780441013593 is already book 1\"}");
    }

    @Test
    void anUnknownBookIsMappedToA404WithAJsonError(TestClient client) {
        TestResponse missing = client.get("/books/999").execute();

        assertThat(missing.status()).isEqualTo(404);
        assertThat(missing.header("content-type")).get().asString().startsWith(JSON);
        assertThat(missing.body()).isEqualTo("{\"code\":\"book_not_found\",\"message\":\"book 999 not found\"}");
    }

    @Test
    void replacesWithPutUnlessIfMatchNamesAnotherVersion(TestClient client) {
        long id = create(client, "Hyperion", "Dan Simmons", 1989);
        String etag = client.get("/books/" + id).execute().header("etag").orElseThrow();
        String replacement = "{\"title\":\"Hyperion (revised)\",\"author\":\"Dan Simmons\",\"year\":1990}";

        TestResponse stale = client.put("/books/" + id).contentType(JSON).header("If-Match", "\"not-the-current\"")
                .body(replacement).execute();
        assertThat(stale.status()).isEqualTo(412);
        assertThat(client.get("/books/" + id).execute().body()).contains("\"title\":\"Hyperion\"");

        TestResponse replaced = client.put("/books/" + id).contentType(JSON).header("If-Match", etag)
                .body(replacement).execute();
        assertThat(replaced.status()).isEqualTo(200);
        assertThat(replaced.body()).isEqualTo("{\"id\":" + id
                + ",\"title\":\"Hyperion (revised)\",\"author\":\"Dan Simmons\",\"year\":1990,\"isbn\":null}");
        assertThat(replaced.header("etag")).isPresent().get().isNotEqualTo(etag);

        TestResponse unknown = client.put("/books/999").contentType(JSON).body(replacement).execute();
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.body()).contains("book_not_found");
    }

    @Test
    void patchesSomePropertiesAndValidatesTheChanges(TestClient client) {
        long id = create(client, "The Dispossessed", "Ursula Le Guin", 1973);

        TestResponse patched = client.patch("/books/" + id).contentType(JSON).body("{\"year\":1974}").execute();
        assertThat(patched.status()).isEqualTo(200);
        assertThat(patched.body()).contains("\"title\":\"The Dispossessed\"").contains("\"year\":1974");

        TestResponse invalid = client.patch("/books/" + id).contentType(JSON).body("{\"year\":1000}").execute();
        assertThat(invalid.status()).isEqualTo(400);
        assertThat(invalid.body()).contains("changes.year");
        assertThat(client.get("/books/" + id).execute().body()).contains("\"year\":1974");
    }

    @Test
    void deletesWithNoContent(TestClient client) {
        long id = create(client, "Solaris", "Stanislaw Lem", 1961);

        TestResponse deleted = client.delete("/books/" + id).header("Authorization", LIBRARIAN).execute();
        assertThat(deleted.status()).isEqualTo(204);
        assertThat(deleted.bodyBytes()).isEmpty();
        assertThat(client.get("/books/" + id).execute().status()).isEqualTo(404);
        assertThat(client.delete("/books/" + id).header("Authorization", LIBRARIAN).execute().status())
                .isEqualTo(404);
    }

    @Test
    void answersNotModifiedWhenIfNoneMatchIsCurrent(TestClient client) {
        String etag = client.get("/books/1").execute().header("etag").orElseThrow();

        TestResponse notModified = client.get("/books/1").header("If-None-Match", etag).execute();
        assertThat(notModified.status()).isEqualTo(304);
        assertThat(notModified.bodyBytes()).isEmpty();

        TestResponse changed = client.get("/books/1").header("If-None-Match", "\"some-old-version\"").execute();
        assertThat(changed.status()).isEqualTo(200);
        assertThat(changed.body()).isEqualTo(DUNE);
    }

    @Test
    void headUsesTheExplicitHeadMethodOrElseTheGetMethodWithoutItsEntity(TestClient client) {
        TestResponse explicit = client.head("/books/1").execute();
        assertThat(explicit.status()).isEqualTo(200);
        assertThat(explicit.header("x-book-title")).hasValue("Dune");
        assertThat(explicit.header("etag")).isPresent();
        assertThat(explicit.bodyBytes()).isEmpty();
        assertThat(client.head("/books/999").execute().status()).isEqualTo(404);

        TestResponse implicit = client.head("/books?author=herbert").execute();
        assertThat(implicit.status()).isEqualTo(200);
        assertThat(implicit.header("x-total-count")).hasValue("2");
        assertThat(implicit.bodyBytes()).isEmpty();
    }

    @Test
    void optionsUsesTheExplicitOptionsMethodOrElseListsTheMethods(TestClient client) {
        TestResponse explicit = client.options("/books").execute();
        assertThat(explicit.status()).isEqualTo(200);
        assertThat(allow(explicit)).contains("GET", "POST", "OPTIONS");
        assertThat(explicit.header("accept-post")).hasValue("application/json, text/csv");

        TestResponse automatic = client.options("/books/1").execute();
        assertThat(automatic.status()).isIn(200, 204);
        assertThat(allow(automatic)).contains("GET", "HEAD", "PUT", "PATCH", "DELETE").doesNotContain("POST");
    }

    @Test
    void anUnsupportedMethodIs405WithAllowAndAnUnknownPathIs404(TestClient client) {
        TestResponse notAllowed = client.post("/books/1").contentType(JSON).body("{}").execute();
        assertThat(notAllowed.status()).isEqualTo(405);
        assertThat(allow(notAllowed)).contains("GET", "PUT", "DELETE").doesNotContain("POST");

        assertThat(client.get("/shelves").execute().status()).isEqualTo(404);
        assertThat(client.get("/books/1/chapters").execute().status()).isEqualTo(404);
    }

    @Test
    void theAcceptHeaderChoosesBetweenMethodsProducingDifferentTypes(TestClient client) {
        TestResponse json = client.get("/books/count").accept(JSON).execute();
        assertThat(json.header("content-type")).get().asString().startsWith(JSON);
        assertThat(json.body()).matches("\\{\"count\":\\d+}");
        String count = json.body().replaceAll("\\D", "");

        TestResponse text = client.get("/books/count").accept("text/plain").execute();
        assertThat(text.status()).isEqualTo(200);
        assertThat(text.header("content-type")).get().asString().startsWith("text/plain");
        assertThat(text.body()).isEqualTo(count);

        assertThat(client.get("/books/count").accept("text/plain;q=0.5, application/json").execute().body())
                .startsWith("{");
        assertThat(client.get("/books/count").accept("application/json;q=0.2, text/*").execute().body())
                .isEqualTo(count);
    }

    @Test
    void nothingProducibleIs406AndAnUnsupportedEntityTypeIs415(TestClient client) {
        assertThat(client.get("/books/count").accept("application/xml").execute().status()).isEqualTo(406);
        assertThat(client.get("/books/1").accept("image/png").execute().status()).isEqualTo(406);

        assertThat(client.post("/books").contentType("text/plain").body("Dune").execute().status())
                .isEqualTo(415);
        assertThat(client.put("/books/1").contentType("application/xml").body("<book/>").execute().status())
                .isEqualTo(415);
    }

    @Test
    void badRequestExceptionIs400(TestClient client) {
        assertThat(client.get("/books?size=1000").execute().status()).isEqualTo(400);
        assertThat(client.get("/books?page=-1").execute().status()).isEqualTo(400);
    }

    @Test
    void theSubResourceLocatorServesTheReviewsOfABook(TestClient client) {
        assertThat(client.get("/books/1/reviews").execute().body())
                .isEqualTo("[{\"reviewer\":\"ada\",\"stars\":5,\"comment\":\"A classic.\"}]");

        TestResponse added = client.post("/books/3/reviews").contentType(JSON)
                .body("{\"reviewer\":\"bo\",\"stars\":4,\"comment\":\"Cold and warm.\"}").execute();
        assertThat(added.status()).isEqualTo(201);
        assertThat(added.header("location"))
                .hasValue("http://127.0.0.1:" + SERVER.server().port() + "/books/3/reviews/1");
        assertThat(added.body()).isEqualTo("{\"reviewer\":\"bo\",\"stars\":4,\"comment\":\"Cold and warm.\"}");

        assertThat(client.get("/books/3/reviews/1").execute().body()).contains("\"reviewer\":\"bo\"");
        TestResponse summary = client.get("/books/3/reviews/summary").execute();
        assertThat(summary.header("content-type")).get().asString().startsWith("text/plain");
        assertThat(summary.body()).isEqualTo("The Left Hand of Darkness: 1 reviews, average 4.0");

        assertThat(client.get("/books/3/reviews/7").execute().status()).isEqualTo(404);
        TestResponse unknownBook = client.get("/books/999/reviews").execute();
        assertThat(unknownBook.status()).isEqualTo(404);
        assertThat(unknownBook.body()).contains("book_not_found");

        TestResponse invalid = client.post("/books/3/reviews").contentType(JSON)
                .body("{\"reviewer\":\"bo\",\"stars\":9}").execute();
        assertThat(invalid.status()).isEqualTo(400);
        assertThat(invalid.body()).contains("review.stars");
    }

    @Test
    void aRunOnWorkerMethodRunsOnTheWorkerPool(TestClient client) {
        TestResponse export = client.get("/books/export").execute();

        assertThat(export.status()).isEqualTo(200);
        assertThat(export.header("x-exported-by")).get().asString().startsWith("brisk-worker-");
        assertThat(export.header("content-type")).get().asString().startsWith("text/csv");
        assertThat(export.body()).startsWith("id,title,author,year,isbn\n1,Dune,Frank Herbert,1965,9780441013593\n");
    }

    /** Creates a book without ISBN and returns its id. */
    static long create(TestClient client, String title, String author, int year) {
        TestResponse created = client.post("/books").contentType(JSON)
                .body("{\"title\":\"" + title + "\",\"author\":\"" + author + "\",\"year\":" + year + "}").execute();
        assertThat(created.status()).isEqualTo(201);
        return idOf(created.body());
    }

    static long idOf(String json) {
        Matcher id = Pattern.compile("\"id\":(\\d+)").matcher(json);
        assertThat(id.find()).as("an id in %s", json).isTrue();
        return Long.parseLong(id.group(1));
    }

    /** The methods of the {@code Allow} header(s). */
    static List<String> allow(TestResponse response) {
        return response.headers().getOrDefault("allow", List.of()).stream()
                .flatMap(value -> Pattern.compile(",").splitAsStream(value))
                .map(String::trim)
                .toList();
    }
}
