package dev.brisk.rest.jaxrs.compat;

import dev.brisk.rest.Brisk;
import dev.brisk.test.BriskServerExtension;
import dev.brisk.test.TestClient;
import dev.brisk.test.TestResponse;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Request;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.Variant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Requests of Jersey's example applications that Jersey serves and Brisk must serve alike, each pinned to the
 * specification section or the Jersey behaviour it follows: a trailing slash, a body without {@code Content-Type}, a
 * malformed {@code Content-Type}, the {@code Vary} of {@code Request.selectVariant}, and the {@code text/plain}
 * entity of the automatic {@code OPTIONS}.
 */
class JerseyMatchingTest {

    public record Note(String text) {
    }

    /** As Jersey's clipboard example: a resource method on the class path and one on a sub-path. */
    @Path("/clipboard")
    public static class ClipboardResource {

        private volatile String content = "";

        @GET
        public String content() {
            return "content:" + content;
        }

        @PUT
        @Consumes("text/plain")
        public void put(String text) {
            content = text;
        }

        @GET
        @Path("history")
        public String history() {
            return "history";
        }

        @GET
        @Path("latest/")
        public String latest() {
            return "latest";
        }

        @POST
        @Path("notes")
        @Consumes("application/json")
        public String note(Note note) {
            return "note:" + note.text();
        }

        @POST
        @Path("items/{id}")
        @Consumes("text/plain")
        public String item(@PathParam("id") String id, String text) {
            return id + "=" + text;
        }
    }

    /** A template whose last variable takes slashes: it matches a trailing slash exactly. */
    @Path("/files")
    public static class FilesResource {

        @GET
        @Path("{path: .*}")
        public String file(@PathParam("path") String path) {
            return "file:" + path;
        }
    }

    /** Chooses among variants of both media type and language. */
    @Path("/greeting")
    public static class GreetingResource {

        @GET
        public Response greeting(@Context Request request) {
            List<Variant> variants = Variant.mediaTypes(MediaType.TEXT_PLAIN_TYPE, MediaType.APPLICATION_JSON_TYPE)
                    .languages(Locale.ENGLISH, Locale.FRENCH).add().build();
            Variant chosen = request.selectVariant(variants);
            return chosen == null ? Response.notAcceptable(variants).build()
                    : Response.ok("hello", chosen).build();
        }

        @GET
        @Path("typed")
        public Response typed(@Context Request request) {
            Variant chosen = request.selectVariant(Variant.mediaTypes(MediaType.TEXT_PLAIN_TYPE,
                    MediaType.APPLICATION_JSON_TYPE).build());
            return Response.ok("typed", chosen).header(HttpHeaders.VARY, "Origin").build();
        }

        @GET
        @Path("plain")
        public String plain() {
            return "plain";
        }
    }

    /** Upper-cases every String entity: what a response filter that rewrites entities sees of an OPTIONS answer. */
    public static class ShoutingFilter implements ContainerResponseFilter {
        @Override
        public void filter(ContainerRequestContext request, ContainerResponseContext response) {
            if (request.getMethod().equals("OPTIONS") && response.getEntity() instanceof String text) {
                response.setEntity(text.toLowerCase(Locale.ROOT), response.getEntityAnnotations(),
                        response.getMediaType());
            }
        }
    }

    @RegisterExtension
    static final BriskServerExtension SERVER = BriskServerExtension.of(() -> Brisk.server()
            .controllers(new ClipboardResource(), new FilesResource(), new GreetingResource(), new ShoutingFilter())
            .get("/programmatic", ctx -> ctx.send("programmatic")));

    /**
     * Jakarta REST 3.1, 3.7.3: a template's expression ends with {@code (/.*)?} and a resource method matches when
     * what remains is empty or {@code /}, so {@code /clipboard/} reaches the method of {@code /clipboard}.
     */
    @Test
    void aTrailingSlashReachesTheResourceMethodOfThePathWithoutIt(TestClient client) {
        assertThat(client.get("/clipboard/").execute().body()).startsWith("content:");
        assertThat(client.get("/clipboard/history/").execute().body()).isEqualTo("history");
        TestResponse posted = client.post("/clipboard/items/7/").contentType("text/plain").body("x").execute();
        assertThat(posted.status()).isEqualTo(200);
        assertThat(posted.body()).isEqualTo("7=x");
        assertThat(client.head("/clipboard/").execute().status()).isEqualTo(200);
    }

    /** Jersey drops a template's trailing slash before it appends {@code (/)?}: both paths reach the method. */
    @Test
    void aTemplateWithATrailingSlashTakesThePathWithoutIt(TestClient client) {
        assertThat(client.get("/clipboard/latest").execute().body()).isEqualTo("latest");
        assertThat(client.get("/clipboard/latest/").execute().body()).isEqualTo("latest");
    }

    /** Jersey matches the slash-less path's methods, so a method it lacks is a 405 with its Allow, not a 404. */
    @Test
    void aTrailingSlashWithAMethodThePathLacksIs405(TestClient client) {
        TestResponse delete = client.delete("/clipboard/history/").execute();
        assertThat(delete.status()).isEqualTo(405);
        assertThat(delete.header("allow")).hasValue("GET,HEAD,OPTIONS");
    }

    /** An exact match comes first: a template whose last variable takes {@code /} keeps the slash. */
    @Test
    void anExactMatchOfTheTrailingSlashIsPreferred(TestClient client) {
        assertThat(client.get("/files/a/").execute().body()).isEqualTo("file:a/");
        assertThat(client.get("/files/a").execute().body()).isEqualTo("file:a");
    }

    /** Only Jakarta REST routes match leniently: a programmatic route keeps its exact path. */
    @Test
    void otherRoutesDoNotTakeATrailingSlash(TestClient client) {
        assertThat(client.get("/programmatic").execute().status()).isEqualTo(200);
        assertThat(client.get("/programmatic/").execute().status()).isEqualTo(404);
        assertThat(client.get("/clipboard//").execute().status()).as("one slash only").isEqualTo(404);
    }

    /**
     * Jersey's method selection takes a request without {@code Content-Type} as consumable by every method and reads
     * its entity as {@code application/octet-stream}: the String parameter of an {@code @Consumes("text/plain")}
     * method gets the body.
     */
    @Test
    void aBodyWithoutContentTypeIsReadByTheConsumingMethod(TestClient client) {
        TestResponse put = client.put("/clipboard").body("pasted").execute();
        assertThat(put.status()).isEqualTo(204);
        assertThat(client.get("/clipboard").execute().body()).isEqualTo("content:pasted");
        TestResponse posted = client.post("/clipboard/items/8").body("y").execute();
        assertThat(posted.status()).isEqualTo(200);
        assertThat(posted.body()).isEqualTo("8=y");

        TestResponse note = client.post("/clipboard/notes").body("{\"text\":\"n\"}").execute();
        assertThat(note.status()).as("no reader of application/octet-stream for a record, as in Jersey")
                .isEqualTo(415);
        assertThat(client.post("/clipboard/notes").contentType("application/json").body("{\"text\":\"n\"}")
                .execute().body()).isEqualTo("note:n");
    }

    /** Jersey answers a {@code Content-Type} it cannot parse with 400 (Bad Request), not 415. */
    @Test
    void aMalformedContentTypeIs400(TestClient client) {
        TestResponse put = client.put("/clipboard").contentType("not a media type").body("x").execute();
        assertThat(put.status()).isEqualTo(400);
        TestResponse unsupported = client.put("/clipboard").contentType("application/json").body("{}").execute();
        assertThat(unsupported.status()).as("a well-formed type no method consumes").isEqualTo(415);
    }

    /**
     * {@code Request.selectVariant}'s contract: the response gets a {@code Vary} naming the request headers the
     * variants differ by, as Jersey's {@code Accept,Accept-Language}; added to a {@code Vary} the resource sets.
     */
    @Test
    void selectVariantAddsVary(TestClient client) {
        TestResponse greeting = client.get("/greeting").accept("application/json")
                .header("Accept-Language", "fr").execute();
        assertThat(greeting.status()).isEqualTo(200);
        assertThat(greeting.header("content-type")).hasValueSatisfying(type -> assertThat(type)
                .startsWith("application/json"));
        assertThat(varyNames(greeting)).containsExactly("Accept", "Accept-Language");

        TestResponse typed = client.get("/greeting/typed").accept("text/plain").execute();
        assertThat(varyNames(typed)).containsExactly("Origin", "Accept");

        assertThat(client.get("/greeting/plain").execute().header("vary")).as("no variant selected").isEmpty();
    }

    /**
     * Jersey's automatic OPTIONS for a client that accepts {@code text/plain}: the allowed methods as a
     * {@code text/plain} entity (its {@code OptionsMethodProcessor}), beside {@code Allow}; response filters see the
     * entity as a String. Other clients get no entity.
     */
    @Test
    void automaticOptionsListsTheMethodsAsPlainText(TestClient client) {
        TestResponse options = client.options("/clipboard").accept("text/plain").execute();
        assertThat(options.status()).isEqualTo(200);
        assertThat(options.header("content-type")).hasValueSatisfying(type -> assertThat(type)
                .startsWith("text/plain"));
        assertThat(names(options.header("allow").orElseThrow(), ","))
                .containsExactlyInAnyOrder("GET", "HEAD", "PUT", "OPTIONS");
        assertThat(names(options.body(), ", ")).as("lower-cased by the response filter")
                .containsExactlyInAnyOrder("get", "head", "put", "options");

        TestResponse any = client.options("/clipboard/history/").execute();
        assertThat(any.status()).isEqualTo(200);
        assertThat(names(any.body(), ", ")).containsExactlyInAnyOrder("get", "head", "options");

        TestResponse json = client.options("/clipboard").accept("application/json").execute();
        assertThat(json.status()).isEqualTo(200);
        assertThat(names(json.header("allow").orElseThrow(), ","))
                .containsExactlyInAnyOrder("GET", "HEAD", "PUT", "OPTIONS");
        assertThat(json.body()).isEmpty();
    }

    private static List<String> names(String list, String separator) {
        return List.of(list.split(separator));
    }

    private static List<String> varyNames(TestResponse response) {
        return response.headers().getOrDefault("vary", List.of()).stream()
                .flatMap(value -> Arrays.stream(value.split(",")))
                .map(String::trim)
                .toList();
    }
}
