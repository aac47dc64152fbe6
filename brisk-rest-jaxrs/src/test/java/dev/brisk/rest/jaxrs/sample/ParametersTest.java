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
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Where resource method parameters come from: {@code @QueryParam} with {@code @DefaultValue}, {@code @PathParam},
 * {@code @MatrixParam}, {@code @CookieParam}, {@code @HeaderParam}, {@code @FormParam}, {@code @BeanParam},
 * {@code @Encoded}, {@code @Context UriInfo} and {@code HttpHeaders}, a {@code ParamConverterProvider}, and the
 * status codes of values that cannot be converted (404 for path, query and matrix parameters, 400 for headers).
 * Also annotations inherited from an interface ({@link CatalogApi}).
 */
class ParametersTest {

    private static final String DUNE =
            "{\"id\":1,\"title\":\"Dune\",\"author\":\"Frank Herbert\",\"year\":1965,\"isbn\":\"9780441013593\"}";

    @RegisterExtension
    static final BriskServerExtension SERVER = BriskServerExtension.of(() -> {
        BookStore store = BookStore.seeded();
        return Brisk.server().controllers(new BookResource(store), new CatalogResource(store), new MemberResource(),
                new IsbnConverterProvider(), new BookNotFoundMapper());
    });

    @Test
    void queryParametersFallBackToTheirDefaultValues(TestClient client) {
        assertThat(titles(client.get("/books").execute()))
                .containsExactly("Dune", "Neuromancer", "The Left Hand of Darkness", "Children of Dune");
        assertThat(titles(client.get("/books?size=2").execute())).containsExactly("Dune", "Neuromancer");
        TestResponse secondPage = client.get("/books?author=herbert&size=1&page=1").execute();
        assertThat(titles(secondPage)).containsExactly("Children of Dune");
        assertThat(secondPage.header("x-total-count")).hasValue("2");
    }

    @Test
    void pathParametersAreConverted(TestClient client) {
        assertThat(client.get("/books/1").execute().body()).isEqualTo(DUNE);
        assertThat(titles(client.get("/books/2/reviews").execute())).isEmpty();
    }

    @Test
    void unconvertiblePathQueryAndMatrixParametersAre404(TestClient client) {
        assertThat(client.get("/books/first").execute().status()).isEqualTo(404);
        assertThat(client.get("/books?page=first").execute().status()).isEqualTo(404);
        assertThat(client.get("/catalog/books;year=sixties").execute().status()).isEqualTo(404);
    }

    @Test
    void matrixParametersOfTheLastSegmentFilterTheCatalogue(TestClient client) {
        TestResponse dune = client.get("/catalog/books;author=herbert;year=1965").execute();
        assertThat(dune.status()).isEqualTo(200);
        assertThat(dune.body()).isEqualTo("[" + DUNE + "]");

        assertThat(titles(client.get("/catalog/books;author=herbert").execute()))
                .containsExactly("Dune", "Children of Dune");
        assertThat(titles(client.get("/catalog/books;year=1984").execute())).containsExactly("Neuromancer");
        assertThat(titles(client.get("/catalog/books").execute())).hasSize(4);
    }

    @Test
    void methodAnnotationsAreInheritedFromTheImplementedInterface(TestClient client) {
        TestResponse byAuthor = client.get("/catalog/authors/Ursula%20K.%20Le%20Guin").execute();

        assertThat(byAuthor.status()).isEqualTo(200);
        assertThat(byAuthor.header("content-type")).get().asString().startsWith("application/json");
        assertThat(titles(byAuthor)).containsExactly("The Left Hand of Darkness");
        assertThat(client.post("/catalog/books").contentType("application/json").body("{}").execute().status())
                .isEqualTo(405);
    }

    @Test
    void encodedKeepsThePercentEncodingThatOtherParametersDecode(TestClient client) {
        assertThat(titles(client.get("/catalog/authors/Frank%20Herbert").execute()))
                .containsExactly("Dune", "Children of Dune");

        TestResponse link = client.get("/catalog/authors/Frank%20Herbert/link").execute();
        assertThat(link.status()).isEqualTo(200);
        assertThat(link.body()).isEqualTo("/catalog/authors/Frank%20Herbert");
    }

    @Test
    void cookieAndHeaderParametersAndHttpHeaders(TestClient client) {
        TestResponse session = client.get("/members/session")
                .header("Cookie", "session=s-42; theme=dark")
                .header("X-Client", "brisk-test")
                .header("X-Visits", "3")
                .header("X-Tag", "new")
                .header("X-Tag", "sci-fi")
                .accept("text/plain;q=0.5, application/json")
                .execute();

        assertThat(session.status()).isEqualTo(200);
        assertThat(session.body()).isEqualTo("{\"session\":\"s-42\",\"theme\":\"dark\",\"client\":\"brisk-test\","
                + "\"visits\":3,\"tags\":\"new,sci-fi\",\"cookies\":[\"session\",\"theme\"],"
                + "\"accept\":[\"application/json\",\"text/plain\"]}");

        TestResponse defaults = client.get("/members/session").execute();
        assertThat(defaults.status()).isEqualTo(200);
        assertThat(defaults.body()).startsWith("{\"session\":null,\"theme\":\"light\",\"client\":null,\"visits\":0,"
                + "\"tags\":null,\"cookies\":[],");
    }

    @Test
    void aNewCookieIsSentAsSetCookieAndComesBackAsACookieParameter(TestClient client) {
        TestResponse signedIn = client.post("/members/session").contentType("application/x-www-form-urlencoded")
                .body("member=ada").execute();

        assertThat(signedIn.status()).isEqualTo(204);
        String setCookie = signedIn.header("set-cookie").orElseThrow();
        assertThat(setCookie).startsWith("session=s-ada").containsIgnoringCase("HttpOnly")
                .containsIgnoringCase("Path=/").containsIgnoringCase("Max-Age=3600");
        String cookie = setCookie.substring(0, setCookie.indexOf(';'));
        assertThat(client.get("/members/session").header("Cookie", cookie).execute().body())
                .startsWith("{\"session\":\"s-ada\",\"theme\":\"light\",");
    }

    @Test
    void anUnconvertibleHeaderParameterIs400(TestClient client) {
        assertThat(client.get("/members/session").header("X-Visits", "many").execute().status()).isEqualTo(400);
    }

    @Test
    void formParametersIncludingRepeatedOnesAndDefaults(TestClient client) {
        TestResponse registered = client.post("/members/register")
                .contentType("application/x-www-form-urlencoded")
                .body("name=Ada+Lovelace&email=ada%40example.org&interest=math&interest=poetry&age=36")
                .execute();
        assertThat(registered.status()).isEqualTo(201);
        assertThat(registered.header("content-type")).get().asString().startsWith("text/plain");
        assertThat(registered.body())
                .isEqualTo("Welcome Ada Lovelace <ada@example.org>, age 36, interests [math, poetry]");

        assertThat(client.post("/members/register").contentType("application/x-www-form-urlencoded")
                .body("name=Bo&email=bo%40example.org").execute().body())
                .isEqualTo("Welcome Bo <bo@example.org>, age 18, interests []");
    }

    @Test
    void formParametersAreValidatedAndNeedAFormEntity(TestClient client) {
        TestResponse blank = client.post("/members/register").contentType("application/x-www-form-urlencoded")
                .body("name=+&email=x%40example.org").execute();
        assertThat(blank.status()).isEqualTo(400);
        assertThat(blank.body()).contains("\"errors\":[").contains("register.name");

        assertThat(client.post("/members/register").contentType("application/json").body("{\"name\":\"Ada\"}")
                .execute().status()).isEqualTo(415);
    }

    @Test
    void beanParamGathersQueryParametersFieldsAndAHeaderSetter(TestClient client) {
        assertThat(titles(client.get("/catalog/search?q=dune").execute())).containsExactly("Children of Dune", "Dune");
        assertThat(titles(client.get("/catalog/search?q=DUNE&sort=year").execute()))
                .as("enum converted by fromString").containsExactly("Dune", "Children of Dune");
        assertThat(client.get("/catalog/search?sort=author").execute().status()).isEqualTo(404);
        assertThat(titles(client.get("/catalog/search?year=1984&year=1965").execute()))
                .containsExactly("Dune", "Neuromancer");
        assertThat(titles(client.get("/catalog/search?year=1984&year=1965").header("X-Limit", "1").execute()))
                .containsExactly("Dune");
    }

    @Test
    void uriInfoDescribesTheRequest(TestClient client) {
        String origin = "http://127.0.0.1:" + SERVER.server().port();

        TestResponse links = client.get("/books/1/links?expand=reviews&expand=author").execute();

        assertThat(links.status()).isEqualTo(200);
        assertThat(links.body()).isEqualTo("{\"self\":\"" + origin + "/books/1/links\","
                + "\"base\":\"" + origin + "/\","
                + "\"request\":\"" + origin + "/books/1/links?expand=reviews&expand=author\","
                + "\"reviews\":\"" + origin + "/books/1/reviews\","
                + "\"id\":\"1\",\"expand\":[\"reviews\",\"author\"]}");
    }

    @Test
    void aParamConverterProviderConvertsCustomTypes(TestClient client) {
        assertThat(client.get("/catalog/isbn/978-0441013593").execute().body()).isEqualTo(DUNE);
        assertThat(titles(client.get("/catalog/isbn/9780441569595").execute())).containsExactly("Neuromancer");

        assertThat(client.get("/catalog/isbn/not-an-isbn").execute().status()).isEqualTo(404);
        assertThat(client.get("/catalog/isbn/978-0000000000").execute().status()).isEqualTo(404);
    }

    /** The {@code title}s of the books in a JSON response, in order. */
    static List<String> titles(TestResponse response) {
        assertThat(response.status()).as("status of %s", response.body()).isEqualTo(200);
        Matcher title = Pattern.compile("\"title\":\"([^\"]*)\"").matcher(response.body());
        Stream.Builder<String> titles = Stream.builder();
        while (title.find()) {
            titles.add(title.group(1));
        }
        return titles.build().toList();
    }
}
