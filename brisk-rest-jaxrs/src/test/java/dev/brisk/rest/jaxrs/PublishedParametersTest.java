package dev.brisk.rest.jaxrs;

import dev.brisk.rest.Brisk;
import dev.brisk.rest.BriskServer;
import dev.brisk.rest.RouteInfo;
import dev.brisk.rest.RouteParameter;
import dev.brisk.rest.RouteParameter.Source;
import dev.brisk.rest.RouteResponse;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.MatrixParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.Suspended;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Field;
import java.lang.reflect.ParameterizedType;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/** The parameters and responses the routes of a JAX-RS resource publish, as their parameter plans bind them. */
class PublishedParametersTest {

    private static BriskServer server;

    public record Item(long id, String name) {
    }

    /** Query and header parameters gathered in one object. */
    public static class Filter {
        @QueryParam("author")
        @DefaultValue("anyone")
        String author;
        private Integer page;

        @HeaderParam("X-Page")
        public void setPage(Integer page) {
            this.page = page;
        }
    }

    @Path("/items")
    public static class ItemResource {

        @GET
        @Path("{id}")
        @Produces("application/json")
        public Item item(@PathParam("id") long id, @QueryParam("lang") @DefaultValue("en") String lang,
                         @HeaderParam("X-Trace") String trace, @CookieParam("session") String session,
                         @MatrixParam("v") String version, @Context UriInfo uri) {
            return new Item(id, lang);
        }

        @POST
        @Consumes("application/json")
        public Response create(Item item) {
            return Response.status(201).build();
        }

        @PUT
        @Path("{id}")
        @Consumes("application/json")
        public void replace(@PathParam("id") long id, Item item) {
        }

        @GET
        @Path("search")
        @Produces("application/json")
        public CompletionStage<List<Item>> search(@BeanParam Filter filter) {
            return CompletableFuture.completedFuture(List.of());
        }

        @POST
        @Path("form")
        @Consumes("application/x-www-form-urlencoded")
        public String form(@FormParam("title") String title, @FormParam("year") int year) {
            return title;
        }

        @GET
        @Path("later")
        public void later(@Suspended AsyncResponse response) {
            response.resume("later");
        }

        @Path("{id}/parts")
        public Parts parts(@PathParam("id") long id) {
            return new Parts();
        }
    }

    /** A sub-resource: its routes take the locator's parameters too. */
    public static class Parts {
        @GET
        @Produces("application/json")
        public List<String> list(@QueryParam("kind") String kind) {
            return List.of();
        }
    }

    @BeforeAll
    static void start() {
        server = Brisk.server().port(0).controllers(new ItemResource()).start();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static RouteInfo route(String method, String path) {
        return server.routes().stream().filter(r -> r.method().name().equals(method) && r.path().equals(path))
                .findFirst().orElseThrow(() -> new AssertionError(method + " " + path + " in " + server.routes()));
    }

    @Test
    void pathQueryHeaderCookieAndMatrixParametersButNoContext() {
        RouteInfo item = route("GET", "/items/{id}");
        assertThat(item.parameters()).extracting(RouteParameter::source, RouteParameter::name, RouteParameter::type,
                RouteParameter::required).containsExactly(
                        tuple(Source.PATH, "id", long.class, true),
                        tuple(Source.QUERY, "lang", String.class, false),
                        tuple(Source.HEADER, "X-Trace", String.class, false),
                        tuple(Source.COOKIE, "session", String.class, false),
                        tuple(Source.MATRIX, "v", String.class, false));
        assertThat(item.parameters().get(1).defaultValue()).hasValue("en");
        assertThat(item.parameters().get(0).defaultValue()).isEmpty();
        assertThat(item.response()).hasValue(RouteResponse.of(200, Item.class));
        assertThat(item.handlerMethod()).hasValueSatisfying(m -> assertThat(m.getName()).isEqualTo("item"));
    }

    @Test
    void theEntityIsTheBodyAndAResponseSaysNothingOfIt() {
        RouteInfo create = route("POST", "/items");
        assertThat(create.parameters()).singleElement().satisfies(p -> {
            assertThat(p.source()).isEqualTo(Source.BODY);
            assertThat(p.type()).isEqualTo(Item.class);
            assertThat(p.required()).isTrue();
        });
        assertThat(create.response()).hasValue(RouteResponse.undescribed(200));
        RouteInfo replace = route("PUT", "/items/{id}");
        assertThat(replace.parameters()).extracting(RouteParameter::source).containsExactly(Source.PATH, Source.BODY);
        assertThat(replace.response()).hasValue(RouteResponse.empty(204));
    }

    @Test
    void beanParameterMembersAndAnAsynchronousResult() {
        RouteInfo search = route("GET", "/items/search");
        assertThat(search.parameters()).extracting(RouteParameter::source, RouteParameter::name, RouteParameter::type)
                .containsExactlyInAnyOrder(tuple(Source.QUERY, "author", String.class),
                        tuple(Source.HEADER, "X-Page", Integer.class));
        RouteParameter author = search.parameters().stream().filter(p -> p.name().equals("author")).findFirst()
                .orElseThrow();
        assertThat(author.defaultValue()).hasValue("anyone");
        assertThat(author.element()).isInstanceOf(Field.class);
        assertThat(search.response().orElseThrow().bodyType().orElseThrow())
                .isInstanceOfSatisfying(ParameterizedType.class, p -> {
                    assertThat(p.getRawType()).isEqualTo(List.class);
                    assertThat(p.getActualTypeArguments()).containsExactly(Item.class);
                });
    }

    @Test
    void formFieldsSuspendedAnswersAndLocators() {
        assertThat(route("POST", "/items/form").parameters()).extracting(RouteParameter::source,
                RouteParameter::name, RouteParameter::type).containsExactly(tuple(Source.FORM, "title", String.class),
                tuple(Source.FORM, "year", int.class));
        assertThat(route("GET", "/items/later").parameters()).isEmpty();
        assertThat(route("GET", "/items/later").response()).hasValue(RouteResponse.undescribed(200));
        assertThat(route("GET", "/items/{id}/parts").parameters()).extracting(RouteParameter::source,
                RouteParameter::name).containsExactly(tuple(Source.PATH, "id"), tuple(Source.QUERY, "kind"));
    }
}
