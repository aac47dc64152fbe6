package dev.brisk.openapi;

import dev.brisk.openapi.Pets.NewPet;
import dev.brisk.openapi.Pets.Pet;
import dev.brisk.rest.Brisk;
import dev.brisk.rest.BriskServer;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.sse.SseEventSink;
import java.io.IOException;
import static dev.brisk.openapi.Documents.operation;
import static dev.brisk.openapi.Documents.parameter;
import static dev.brisk.openapi.Documents.parameterNames;
import static org.assertj.core.api.Assertions.assertThat;

/** The document of a JAX-RS resource, fetched from a running server at a configured path. */
class JaxRsResourceDocumentTest {

    private static BriskServer server;
    private static JsonNode document;

    /** The annotations on an interface, as JAX-RS allows. */
    @Path("/books")
    public interface BookApi {
        @GET
        @Path("{id}")
        @Produces("application/json")
        Pet book(@PathParam("id") long id, @QueryParam("lang") @DefaultValue("en") String lang,
                 @HeaderParam("X-Trace") String trace, @CookieParam("session") String session);
    }

    public static class BookResource implements BookApi {

        @Override
        public Pet book(long id, String lang, String trace, String session) {
            return null;
        }

        @POST
        @Consumes("application/json")
        @Produces("application/json")
        public Response create(NewPet book, @Context UriInfo uri) {
            return Response.status(201).build();
        }

        @PUT
        @Path("{id}")
        @Consumes("application/json")
        @io.swagger.v3.oas.annotations.Operation(summary = "Replace a book", operationId = "replaceBook",
                tags = "books", deprecated = true)
        public void update(@PathParam("id") long id, Pet book) {
        }

        @GET
        @Path("search")
        @Produces("application/json")
        public CompletionStage<List<Pet>> search(@BeanParam Filter filter) {
            return CompletableFuture.completedFuture(List.of());
        }

        @GET
        @Path("{id}/later")
        @Produces("application/json")
        public void later(@PathParam("id") long id, @jakarta.ws.rs.container.Suspended
                AsyncResponse response) {
            response.resume("later " + id);
        }

        @GET
        @Path("events")
        @Produces("text/event-stream")
        public void events(@Context SseEventSink sink) throws IOException {
            sink.close();
        }

        @POST
        @Path("form")
        @Consumes("application/x-www-form-urlencoded")
        @Produces("text/plain")
        public String form(@FormParam("title") String title, @FormParam("year") int year) {
            return title;
        }
    }

    /** Query and header parameters gathered in one object. */
    public static class Filter {
        @QueryParam("author")
        String author;
        @QueryParam("year")
        int year;
        private Integer page;

        @HeaderParam("X-Page")
        public void setPage(Integer page) {
            this.page = page;
        }
    }

    @BeforeAll
    static void start() throws Exception {
        OpenApi openApi = OpenApi.builder().title("Books").jsonPath("/docs/api.json").yamlPath("/docs/api.yaml")
                .build();
        server = Brisk.server().port(0).controllers(new BookResource()).feature(openApi).start();
        document = Documents.fetch(server.port(), "/docs/api.json", "/docs/api.yaml");
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void theDefaultPathsAreNotServed() throws Exception {
        assertThat(Documents.get(server.port(), "/openapi.json").statusCode()).isEqualTo(404);
        assertThat(document.path("paths").propertyNames()).containsExactlyInAnyOrder("/books/{id}", "/books",
                "/books/search", "/books/form", "/books/{id}/later", "/books/events");
        // not the OPTIONS routes JAX-RS answers by itself
        assertThat(document.path("paths").path("/books/{id}").propertyNames()).containsExactlyInAnyOrder("get",
                "put");
        assertThat(document.path("paths").path("/books").propertyNames()).containsExactly("post");
    }

    @Test
    void parametersDeclaredOnTheInterface() {
        JsonNode book = operation(document, "/books/{id}", "get");
        assertThat(book.path("operationId").asString()).isEqualTo("book");
        assertThat(book.path("tags").get(0).asString()).isEqualTo("BookResource");
        assertThat(parameterNames(book)).containsExactly("path:id", "query:lang", "header:X-Trace",
                "cookie:session");
        assertThat(parameter(book, "path", "id").at("/schema/format").asString()).isEqualTo("int64");
        JsonNode lang = parameter(book, "query", "lang");
        assertThat(lang.has("required")).isFalse();
        assertThat(lang.at("/schema/default").asString()).isEqualTo("en");
        assertThat(book.at("/responses/200/content/application~1json/schema/$ref").asString())
                .isEqualTo("#/components/schemas/Pet");
    }

    @Test
    void entityParameterAndUndescribedResponse() {
        JsonNode create = operation(document, "/books", "post");
        assertThat(create.at("/requestBody/required").asBoolean()).isTrue();
        assertThat(create.at("/requestBody/content/application~1json/schema/$ref").asString())
                .isEqualTo("#/components/schemas/NewPet");
        assertThat(create.has("parameters")).isFalse(); // @Context UriInfo is no parameter
        // a Response says nothing of its entity: the declared type without a schema
        assertThat(create.at("/responses/200/content/application~1json").isObject()).isTrue();
        assertThat(create.at("/responses/200/content/application~1json").has("schema")).isFalse();
    }

    @Test
    void voidAnswers204AndSwaggersOperationIsRead() {
        JsonNode update = operation(document, "/books/{id}", "put");
        // Swagger's @Operation, read by name
        assertThat(update.path("summary").asString()).isEqualTo("Replace a book");
        assertThat(update.path("operationId").asString()).isEqualTo("replaceBook");
        assertThat(update.path("tags")).extracting(JsonNode::asString).containsExactly("books");
        assertThat(update.path("deprecated").asBoolean()).isTrue();
        assertThat(update.path("responses").propertyNames()).containsExactly("204");
        assertThat(update.at("/requestBody/content/application~1json/schema/$ref").asString())
                .isEqualTo("#/components/schemas/Pet");
    }

    @Test
    void anAsyncResponseOrAnEventSinkAnswers200WithTheDeclaredTypes() {
        for (String path : new String[] {"/books/{id}/later", "/books/events"}) {
            JsonNode responses = operation(document, path, "get").path("responses");
            assertThat(responses.propertyNames()).as(path).containsExactly("200");
        }
        assertThat(operation(document, "/books/{id}/later", "get").at("/responses/200/content").propertyNames())
                .containsExactly("application/json");
        assertThat(operation(document, "/books/events", "get").at("/responses/200/content").propertyNames())
                .containsExactly("text/event-stream");
    }

    @Test
    void beanParamFieldsAndSetters() {
        JsonNode search = operation(document, "/books/search", "get");
        assertThat(parameterNames(search)).containsExactlyInAnyOrder("query:author", "query:year", "header:X-Page");
        assertThat(parameter(search, "query", "year").at("/schema/type").asString()).isEqualTo("integer");
        assertThat(search.at("/responses/200/content/application~1json/schema/items/$ref").asString())
                .isEqualTo("#/components/schemas/Pet");
    }

    @Test
    void formParametersBecomeAFormBody() {
        JsonNode form = operation(document, "/books/form", "post");
        JsonNode schema = form.at("/requestBody/content/application~1x-www-form-urlencoded/schema");
        assertThat(schema.path("properties").propertyNames()).containsExactly("title", "year");
        assertThat(schema.at("/properties/year/type").asString()).isEqualTo("integer");
        assertThat(form.at("/responses/200/content/text~1plain/schema/type").asString()).isEqualTo("string");
    }
}
