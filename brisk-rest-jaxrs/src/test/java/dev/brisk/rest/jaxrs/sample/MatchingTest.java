package dev.brisk.rest.jaxrs.sample;

import dev.brisk.rest.Brisk;
import dev.brisk.test.BriskServerExtension;
import dev.brisk.test.TestClient;
import dev.brisk.test.TestResponse;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Request matching as Jakarta REST 3.1 section 3.7.2 defines it: candidate templates sorted by number of literal
 * characters, then number of template variables, then number of variables with an explicit regular expression (all
 * descending); templates spanning segments, literal suffixes inside a segment, class-level templates, resource
 * methods without {@code @Path} or with {@code @Path("")}. Also the startup error for a parameter nothing can supply.
 */
class MatchingTest {

    /** Overlapping sub-resource method templates on one resource class. */
    @Path("/precedence")
    @Produces(MediaType.TEXT_PLAIN)
    public static class PrecedenceResource {

        /** 9 literal characters ({@code /bbbbbbbb}), 1 variable. */
        @GET
        @Path("{a}/bbbbbbbb")
        public String literalSuffix(@PathParam("a") String a) {
            return "{a}/bbbbbbbb a=" + a;
        }

        /** 2 literal characters ({@code x/}), 1 variable. */
        @GET
        @Path("x/{b}")
        public String literalPrefix(@PathParam("b") String b) {
            return "x/{b} b=" + b;
        }

        @GET
        @Path("items/new")
        public String newItem() {
            return "items/new";
        }

        @GET
        @Path("items/{id: \\d+}")
        public String itemById(@PathParam("id") long id) {
            return "items/{id} id=" + id;
        }

        @GET
        @Path("items/{name}")
        public String itemByName(@PathParam("name") String name) {
            return "items/{name} name=" + name;
        }

        @GET
        @Path("files/{path: .+}")
        public String file(@PathParam("path") String path) {
            return "files path=" + path;
        }

        @GET
        @Path("reports/{year}.csv")
        public String report(@PathParam("year") int year) {
            return "report year=" + year;
        }
    }

    /** A template on the class, read by a sub-resource method. */
    @Path("/branches/{branch}")
    @Produces(MediaType.TEXT_PLAIN)
    public static class BranchResource {

        @GET
        public String branch(@PathParam("branch") String branch) {
            return "branch " + branch;
        }

        @GET
        @Path("opening-hours")
        public String openingHours(@PathParam("branch") String branch) {
            return branch + " opens at 9";
        }
    }

    /** A resource method without {@code @Path} next to a sub-resource method. */
    @Path("/desk")
    @Produces(MediaType.TEXT_PLAIN)
    public static class DeskResource {

        @GET
        public String desk() {
            return "desk";
        }

        @GET
        @Path("{drawer}")
        public String drawer(@PathParam("drawer") String drawer) {
            return "drawer " + drawer;
        }
    }

    /** A method with an empty {@code @Path}: served at the class's own path. */
    @Path("/shelf")
    @Produces(MediaType.TEXT_PLAIN)
    public static class ShelfResource {

        @GET
        @Path("")
        public String shelf() {
            return "shelf";
        }
    }

    /** A second unannotated entity parameter: nothing can supply {@code options}. */
    @Path("/broken")
    public static class BrokenResource {

        @POST
        @Consumes(MediaType.APPLICATION_JSON)
        public String importBooks(Book book, Object options) {
            return "never";
        }
    }

    @RegisterExtension
    static final BriskServerExtension SERVER = BriskServerExtension.of(() -> Brisk.server()
            .controllers(new PrecedenceResource(), new BranchResource(), new DeskResource(), new ShelfResource()));

    @Test
    void moreLiteralCharactersWin(TestClient client) {
        assertThat(body(client, "/precedence/x/bbbbbbbb")).isEqualTo("{a}/bbbbbbbb a=x");
        assertThat(body(client, "/precedence/x/y")).isEqualTo("x/{b} b=y");
        assertThat(body(client, "/precedence/z/bbbbbbbb")).isEqualTo("{a}/bbbbbbbb a=z");
    }

    @Test
    void aLiteralBeatsTemplatesAndAnExplicitRegexBeatsTheDefaultOne(TestClient client) {
        assertThat(body(client, "/precedence/items/new")).isEqualTo("items/new");
        assertThat(body(client, "/precedence/items/42")).isEqualTo("items/{id} id=42");
        assertThat(body(client, "/precedence/items/abc")).isEqualTo("items/{name} name=abc");
        assertThat(body(client, "/precedence/items/42a")).isEqualTo("items/{name} name=42a");
    }

    @Test
    void aRegexTemplateMaySpanSegments(TestClient client) {
        assertThat(body(client, "/precedence/files/a/b/c.txt")).isEqualTo("files path=a/b/c.txt");
        assertThat(body(client, "/precedence/files/readme")).isEqualTo("files path=readme");
        assertThat(client.get("/precedence/files/").execute().status()).isEqualTo(404);
    }

    @Test
    void aTemplateVariableMayHaveALiteralSuffixInItsSegment(TestClient client) {
        assertThat(body(client, "/precedence/reports/2024.csv")).isEqualTo("report year=2024");
        assertThat(client.get("/precedence/reports/2024xcsv").execute().status())
                .as("the '.' of the template is a literal, not a regex wildcard").isEqualTo(404);
        assertThat(client.get("/precedence/reports/2024.pdf").execute().status()).isEqualTo(404);
    }

    @Test
    void classTemplatesAndMethodsWithoutOrWithAnEmptyPath(TestClient client) {
        assertThat(body(client, "/branches/central")).isEqualTo("branch central");
        assertThat(body(client, "/branches/central/opening-hours")).isEqualTo("central opens at 9");

        assertThat(body(client, "/desk")).isEqualTo("desk");
        assertThat(body(client, "/desk/top")).isEqualTo("drawer top");
        assertThat(body(client, "/shelf")).isEqualTo("shelf");
        assertThat(client.get("/shelf/top").execute().status()).isEqualTo(404);
    }

    @Test
    void aParameterNothingCanResolveFailsTheStartNamingMethodAndParameter() {
        assertThatThrownBy(() -> Brisk.server().port(0).controllers(new BrokenResource()).start())
                .hasMessageContaining("importBooks")
                .satisfies(e -> assertThat(e.getMessage()).containsAnyOf("options", "#1"));
    }

    private static String body(TestClient client, String path) {
        TestResponse response = client.get(path).execute();
        assertThat(response.status()).as("status of GET %s: %s", path, response.body()).isEqualTo(200);
        return response.body();
    }
}
