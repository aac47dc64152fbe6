package dev.brisk.rest.jaxrs;

import dev.brisk.rest.Brisk;
import dev.brisk.test.BriskServerExtension;
import dev.brisk.test.TestClient;
import dev.brisk.test.TestResponse;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.Request;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.Variant;
import jakarta.ws.rs.ext.MessageBodyWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.OutputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;

import java.io.IOException;
import java.util.Map;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Media types in Jakarta REST resources read, written and matched by Brisk's media type: request Content-Type values
 * as written, structured syntax suffix wildcards ({@code application/*+json}) in variant selection and provider
 * matching, quoted parameters in {@code @Produces}, and the parameters of an Accept entry that names the produced
 * type.
 */
class MediaTypeMatchingTest {

    public record Note(String text) {
    }

    @Path("/media")
    public static class MediaResource {

        /** The request's media type, and whether {@code MediaType.valueOf} of the header text equals it. */
        @POST
        @Path("content-type")
        @Consumes(MediaType.WILDCARD)
        public Response contentType(@Context HttpHeaders headers) {
            MediaType type = headers.getMediaType();
            boolean same = type.equals(MediaType.valueOf(headers.getHeaderString(HttpHeaders.CONTENT_TYPE)));
            return Response.ok(type + " " + same, MediaType.TEXT_PLAIN_TYPE).build();
        }

        @GET
        @Path("variant")
        public Response variant(@Context Request request) {
            Variant chosen = request.selectVariant(Variant.mediaTypes(MediaType.APPLICATION_XML_TYPE,
                    new MediaType("application", "problem+json")).build());
            return chosen == null ? Response.status(406).build()
                    : Response.ok(chosen.getMediaType().toString(), MediaType.TEXT_PLAIN_TYPE).build();
        }

        @GET
        @Path("note")
        @Produces("application/vnd.note+json")
        public Note note() {
            return new Note("hi");
        }

        @GET
        @Path("profiled")
        @Produces("text/plain; profile=\"a;b\"")
        public String profiled() {
            return "profiled";
        }

        @GET
        @Path("plain")
        @Produces(MediaType.TEXT_PLAIN)
        public String plain() {
            return "caf\u00e9";
        }
    }

    /** Writes every {@code +json} type of {@link Note}, by its suffix wildcard. */
    @Produces("application/*+json")
    public static class NoteWriter implements MessageBodyWriter<Note> {
        @Override
        public boolean isWriteable(Class<?> type, Type genericType, Annotation[] annotations, MediaType mediaType) {
            return type == Note.class;
        }

        @Override
        public void writeTo(Note note, Class<?> type, Type genericType, Annotation[] annotations,
                            MediaType mediaType, MultivaluedMap<String, Object> headers, OutputStream out)
                throws IOException {
            out.write(("{\"note\":\"" + note.text() + "\"}").getBytes(StandardCharsets.UTF_8));
        }
    }

    @RegisterExtension
    static final BriskServerExtension SERVER = BriskServerExtension.of(() -> Brisk.server()
            .controllers(new MediaResource(), new NoteWriter()));

    @Test
    void theRequestMediaTypeKeepsItsParametersAsWritten(TestClient client) {
        TestResponse response = client.post("/media/content-type")
                .contentType("Text/Plain; Charset=UTF-8; format=Flowed").body("x").execute();
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("text/plain;charset=UTF-8;format=Flowed true");
    }

    @Test
    void aSuffixWildcardInAcceptSelectsTheVariant(TestClient client) {
        TestResponse response = client.get("/media/variant").accept("application/*+json").execute();
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("application/problem+json");
        assertThat(client.get("/media/variant").accept("image/png").execute().status()).isEqualTo(406);
    }

    @Test
    void aWriterForASuffixWildcardWritesAConcreteSuffixType(TestClient client) {
        TestResponse response = client.get("/media/note").execute();
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.header("content-type")).hasValue("application/vnd.note+json");
        assertThat(response.body()).isEqualTo("{\"note\":\"hi\"}");
    }

    @Test
    void producesMayQuoteParameterValues(TestClient client) {
        TestResponse response = client.get("/media/profiled").execute();
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.header("content-type").map(MediaType::valueOf))
                .hasValue(new MediaType("text", "plain", Map.of("profile", "a;b")));
        assertThat(response.body()).isEqualTo("profiled");
    }

    /**
     * Section 3.8 of the specification answers with the more specific type of the acceptable and producible pair, and
     * Jersey takes the Accept entry's parameters when it names the produced type with more of them (as a client of
     * Jersey's server-async example sees with {@code Accept: text/plain; charset=UTF-8}): the entity is written in
     * that charset. Wildcard entries, and charsets the JDK lacks, leave the produced type as it is.
     */
    @Test
    void anAcceptEntryNamingTheProducedTypeGivesItsParameters(TestClient client) {
        TestResponse utf8 = client.get("/media/plain").accept("text/plain; charset=UTF-8").execute();
        assertThat(utf8.header("content-type")).hasValue("text/plain;charset=utf-8");
        assertThat(utf8.body()).isEqualTo("caf\u00e9");

        TestResponse latin1 = client.get("/media/plain").accept("text/plain;charset=ISO-8859-1, */*;q=0.1")
                .execute();
        assertThat(latin1.header("content-type")).hasValue("text/plain;charset=iso-8859-1");
        assertThat(latin1.bodyBytes()).isEqualTo("caf\u00e9".getBytes(StandardCharsets.ISO_8859_1));

        assertThat(client.get("/media/plain").accept("text/*; charset=UTF-8").execute().header("content-type"))
                .hasValue("text/plain");
        assertThat(client.get("/media/plain").accept("text/plain; charset=nonesuch").execute()
                .header("content-type")).hasValue("text/plain");
    }
}
