package dev.brisk.rest.jaxrs.sample;

import dev.brisk.rest.Brisk;
import dev.brisk.test.BriskServerExtension;
import dev.brisk.test.TestClient;
import dev.brisk.test.TestResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

import static dev.brisk.rest.jaxrs.sample.BookResourceTest.create;
import static dev.brisk.rest.jaxrs.sample.BookResourceTest.idOf;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sample's providers around {@link BookResource} and {@link MemberResource}: a {@code @PreMatching} request
 * filter, a {@code @NameBinding} filter that aborts or sets the {@code SecurityContext}, response filters on every
 * response, {@code @Priority} order of filters, reader and writer interceptors (one name-bound), a custom
 * {@code MessageBodyReader}/{@code MessageBodyWriter}, and exception mappers (the most specific one wins, and
 * {@code WebApplicationException}s without an entity reach them too).
 */
class ProvidersTest {

    private static final String JSON = "application/json";
    private static final String LIBRARIAN = "Bearer " + AuthFilter.LIBRARIAN_TOKEN;
    private static final String READER = "Bearer " + AuthFilter.READER_TOKEN;
    private static final AccessLogFilter ACCESS_LOG = new AccessLogFilter();

    /** Providers are deliberately registered out of priority and specificity order. */
    @RegisterExtension
    static final BriskServerExtension SERVER = BriskServerExtension.of(() -> Brisk.server()
            .controllers(new BookResource(BookStore.seeded()), new MemberResource(),
                    new FallbackExceptionMapper(), new BookNotFoundMapper(),
                    ACCESS_LOG, new RequestIdFilter(), new AuthFilter(), new HttpMethodOverrideFilter(),
                    new GzipWriterInterceptor(), new GzipReaderInterceptor(), new BookCsvProvider()));

    @Test
    void aPreMatchingFilterChangesTheMethodBeforeTheResourceMethodIsChosen(TestClient client) {
        long id = create(client, "Ubik", "Philip K. Dick", 1969);

        TestResponse anonymous = client.post("/books/" + id).header("X-HTTP-Method-Override", "DELETE").execute();
        assertThat(anonymous.status()).as("matched as the @Secured DELETE").isEqualTo(401);

        TestResponse deleted = client.post("/books/" + id).header("X-HTTP-Method-Override", "DELETE")
                .header("Authorization", LIBRARIAN).execute();
        assertThat(deleted.status()).isEqualTo(204);
        assertThat(client.get("/books/" + id).execute().status()).isEqualTo(404);
    }

    @Test
    void aNameBoundFilterGuardsOnlySecuredMethodsAndSetsTheSecurityContext(TestClient client) {
        TestResponse anonymous = client.get("/members/me").execute();
        assertThat(anonymous.status()).isEqualTo(401);
        assertThat(anonymous.header("www-authenticate")).get().asString().startsWith("Bearer");
        assertThat(client.get("/members/me").header("Authorization", "Bearer stolen").execute().status())
                .isEqualTo(401);

        TestResponse librarian = client.get("/members/me").header("Authorization", LIBRARIAN).execute();
        assertThat(librarian.status()).isEqualTo(200);
        assertThat(librarian.body()).isEqualTo("ada (librarian) via Bearer");
        assertThat(client.get("/members/me").header("Authorization", READER).execute().body())
                .isEqualTo("bo (reader) via Bearer");

        assertThat(client.get("/books/1").execute().status()).as("not @Secured").isEqualTo(200);
        assertThat(client.delete("/books/1").header("Authorization", READER).execute().status())
                .as("ForbiddenException").isEqualTo(403);
        assertThat(client.get("/books/1").execute().status()).isEqualTo(200);
    }

    @Test
    void aResponseFilterDecoratesEveryResponse(TestClient client) {
        assertThat(client.get("/books/1").header("X-Request-Id", "r-ok").execute().header("x-request-id"))
                .hasValue("r-ok");
        assertThat(client.get("/books/999").header("X-Request-Id", "r-mapped").execute().header("x-request-id"))
                .as("response of an exception mapper").hasValue("r-mapped");
        assertThat(client.get("/members/me").header("X-Request-Id", "r-aborted").execute().header("x-request-id"))
                .as("response of abortWith").hasValue("r-aborted");
        TestResponse created = client.post("/books").contentType(JSON).header("X-Request-Id", "r-created")
                .body("{\"title\":\"Kindred\",\"author\":\"Octavia E. Butler\",\"year\":1979}").execute();
        assertThat(created.status()).isEqualTo(201);
        assertThat(created.header("x-request-id")).hasValue("r-created");

        assertThat(client.get("/books/2").execute().header("x-request-id")).get().asString().isNotBlank();
    }

    @Test
    void filtersRunByPriorityAscendingOnRequestsAndDescendingOnResponses(TestClient client) {
        TestResponse response = client.get("/books/1").execute();

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.header("x-filter-chain"))
                .hasValue("in:request-id,in:access-log,out:access-log,out:request-id");
        assertThat(response.header("server-timing")).get().asString().startsWith("app;dur=");
        assertThat(ACCESS_LOG.lines()).anySatisfy(line -> assertThat(line).startsWith("GET ").endsWith(" 200"));
    }

    @Test
    void aReaderInterceptorDecompressesRequestEntities(TestClient client) {
        byte[] compressed = gzip("{\"title\":\"Blindsight\",\"author\":\"Peter Watts\",\"year\":2006}");

        TestResponse created = client.post("/books").contentType(JSON).header("Content-Encoding", "gzip")
                .body(compressed).execute();

        assertThat(created.status()).isEqualTo(201);
        assertThat(created.body()).contains("\"title\":\"Blindsight\"");
        assertThat(client.get("/books/" + idOf(created.body())).execute().body()).contains("Peter Watts");
    }

    @Test
    void aNameBoundWriterInterceptorCompressesOnlyItsMethods(TestClient client) {
        TestResponse export = client.get("/books/export").execute();

        assertThat(export.status()).isEqualTo(200);
        assertThat(export.header("content-encoding")).hasValue("gzip");
        assertThat(export.header("content-type")).get().asString().startsWith("text/csv");
        assertThat(gunzip(export.bodyBytes()))
                .startsWith("id,title,author,year,isbn\n1,Dune,Frank Herbert,1965,9780441013593\n")
                .contains("\n3,The Left Hand of Darkness,Ursula K. Le Guin,1969,9780441478125\n");

        TestResponse plain = client.get("/books/1").execute();
        assertThat(plain.header("content-encoding")).isEmpty();
        assertThat(plain.body()).startsWith("{\"id\":1,");
    }

    @Test
    void aCustomMessageBodyWriterAndReaderHandleTextCsv(TestClient client) {
        TestResponse csv = client.get("/books/1").accept("text/csv").execute();
        assertThat(csv.status()).isEqualTo(200);
        assertThat(csv.header("content-type")).get().asString().startsWith("text/csv");
        assertThat(csv.body()).isEqualTo("id,title,author,year,isbn\n1,Dune,Frank Herbert,1965,9780441013593\n");

        TestResponse created = client.post("/books").contentType("text/csv")
                .body("id,title,author,year,isbn\n,\"Roadside Picnic, 1st ed.\",Arkady Strugatsky,1972,\n").execute();
        assertThat(created.status()).isEqualTo(201);
        assertThat(created.header("content-type")).get().asString().startsWith(JSON);
        assertThat(created.body()).contains("\"title\":\"Roadside Picnic, 1st ed.\"").contains("\"isbn\":null");

        long id = idOf(created.body());
        assertThat(client.get("/books/" + id).accept("text/csv").execute().body())
                .isEqualTo("id,title,author,year,isbn\n" + id
                        + ",\"Roadside Picnic, 1st ed.\",Arkady Strugatsky,1972,\n");
        assertThat(client.post("/books").contentType("text/csv").body("just one field").execute().status())
                .isEqualTo(400);
    }

    @Test
    void theMostSpecificExceptionMapperWins(TestClient client) {
        TestResponse notFound = client.get("/books/999").execute();
        assertThat(notFound.status()).isEqualTo(404);
        assertThat(notFound.body()).isEqualTo("{\"code\":\"book_not_found\",\"message\":\"book 999 not found\"}");

        TestResponse failed = client.get("/books/1/cover").execute();
        assertThat(failed.status()).isEqualTo(500);
        assertThat(failed.header("content-type")).get().asString().startsWith(JSON);
        assertThat(failed.body())
                .isEqualTo("{\"code\":\"internal_error\",\"message\":\"covers are not available yet\"}");
    }

    @Test
    void webApplicationExceptionsReachMappersOnlyWithoutAnEntity(TestClient client) {
        TestResponse noEntity = client.get("/books/1/reviews/9").execute();
        assertThat(noEntity.status()).isEqualTo(404);
        assertThat(noEntity.header("x-mapped-by")).hasValue("fallback");

        TestResponse withEntity = client.post("/books").contentType(JSON)
                .body("{\"title\":\"Dune\",\"author\":\"Frank Herbert\",\"year\":1965,\"isbn\":\"9780441013593\"}")
                .execute();
        assertThat(withEntity.status()).isEqualTo(409);
        assertThat(withEntity.header("x-mapped-by")).isEmpty();
        assertThat(withEntity.body()).contains("\"code\":\"duplicate_isbn\"");
    }

    static byte[] gzip(String text) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(bytes)) {
            gzip.write(text.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    static String gunzip(byte[] compressed) {
        try (GZIPInputStream gzip = new GZIPInputStream(new ByteArrayInputStream(compressed))) {
            return new String(gzip.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
