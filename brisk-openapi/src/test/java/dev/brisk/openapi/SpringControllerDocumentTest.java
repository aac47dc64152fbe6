package dev.brisk.openapi;

import dev.brisk.openapi.Pets.NewPet;
import dev.brisk.openapi.Pets.Owner;
import dev.brisk.openapi.Pets.Page;
import dev.brisk.openapi.Pets.Pet;
import dev.brisk.openapi.Pets.Status;
import dev.brisk.rest.Brisk;
import dev.brisk.rest.BriskServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.CookieValue;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import static dev.brisk.openapi.Documents.component;
import static dev.brisk.openapi.Documents.operation;
import static dev.brisk.openapi.Documents.parameter;
import static dev.brisk.openapi.Documents.parameterNames;
import static org.assertj.core.api.Assertions.assertThat;

/** The document of a Spring MVC controller, fetched from a running server. */
class SpringControllerDocumentTest {

    private static BriskServer server;
    private static JsonNode document;

    @RestController
    @RequestMapping("/pets")
    public static class PetController {

        @GetMapping("/{id}")
        public Pet pet(@PathVariable long id, @RequestHeader(name = "X-Trace", required = false) String trace,
                       @CookieValue("session") String session) {
            return null;
        }

        @GetMapping
        public ResponseEntity<Page<Pet>> list(@RequestParam(defaultValue = "10") int limit,
                                              @RequestParam Optional<String> name,
                                              @RequestParam List<Status> status) {
            return ResponseEntity.ok(new Page<>(List.of(), 0));
        }

        @PostMapping(consumes = "application/json")
        @ResponseStatus(HttpStatus.CREATED)
        public CompletionStage<Pet> create(@RequestBody NewPet pet) {
            return CompletableFuture.completedFuture(null);
        }

        @Deprecated
        @DeleteMapping("/{id}")
        public void remove(@PathVariable("id") long petId) {
        }

        @GetMapping("/owners/{id:\\d+}")
        @OperationDoc(summary = "An owner", description = "Of a pet.", tags = "owners")
        public Owner owner(@PathVariable String id) {
            return new Owner();
        }

        /** Same name as another handler: its operation id gets a suffix. */
        @GetMapping("/search")
        public List<Pet> list(SearchQuery query) {
            return List.of();
        }

        @GetMapping(value = "/{id}/name", produces = "text/plain")
        public String name(@PathVariable long id) {
            return "rex";
        }
    }

    /** Bound from query parameters, as Spring binds an unannotated object parameter. */
    public record SearchQuery(String text, Integer minAge) {
    }

    @BeforeAll
    static void start() throws Exception {
        OpenApi openApi = OpenApi.builder().title("Pets").version("2.0").build();
        server = Brisk.server().port(0).controllers(new PetController()).feature(openApi).start();
        document = Documents.fetch(server.port());
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void infoAndPaths() {
        assertThat(document.path("info").path("title").asString()).isEqualTo("Pets");
        assertThat(document.path("info").path("version").asString()).isEqualTo("2.0");
        assertThat(document.path("paths").propertyNames()).containsExactlyInAnyOrder("/pets/{id}", "/pets",
                "/pets/owners/{id}", "/pets/search", "/pets/{id}/name");
        assertThat(document.path("paths").path("/pets/{id}").propertyNames()).containsExactlyInAnyOrder("get",
                "delete");
    }

    @Test
    void pathHeaderAndCookieParameters() {
        JsonNode get = operation(document, "/pets/{id}", "get");
        assertThat(get.path("operationId").asString()).isEqualTo("pet");
        assertThat(get.path("tags").get(0).asString()).isEqualTo("PetController");
        assertThat(parameterNames(get)).containsExactly("path:id", "header:X-Trace", "cookie:session");
        JsonNode id = parameter(get, "path", "id");
        assertThat(id.path("required").asBoolean()).isTrue();
        assertThat(id.path("schema").path("type").asString()).isEqualTo("integer");
        assertThat(id.path("schema").path("format").asString()).isEqualTo("int64");
        assertThat(parameter(get, "header", "X-Trace").has("required")).isFalse();
        assertThat(parameter(get, "cookie", "session").path("required").asBoolean()).isTrue();
        assertThat(get.at("/responses/200/content/application~1json/schema/$ref").asString())
                .isEqualTo("#/components/schemas/Pet");
    }

    @Test
    void queryParametersWithDefaultsOptionalsAndArrays() {
        JsonNode list = operation(document, "/pets", "get");
        JsonNode limit = parameter(list, "query", "limit");
        assertThat(limit.has("required")).isFalse();
        assertThat(limit.path("schema").path("default").asInt()).isEqualTo(10);
        assertThat(limit.path("schema").path("default").isNumber()).isTrue();
        assertThat(parameter(list, "query", "name").has("required")).isFalse();
        assertThat(parameter(list, "query", "name").path("schema").path("type").asString()).isEqualTo("string");
        JsonNode status = parameter(list, "query", "status");
        assertThat(status.path("required").asBoolean()).isTrue();
        assertThat(status.path("schema").path("type").asString()).isEqualTo("array");
        assertThat(status.path("schema").path("items").path("$ref").asString())
                .isEqualTo("#/components/schemas/Status");
        // ResponseEntity<Page<Pet>>: the generic record is named after its argument
        assertThat(list.at("/responses/200/content/application~1json/schema/$ref").asString())
                .isEqualTo("#/components/schemas/PagePet");
        JsonNode page = component(document, "PagePet");
        assertThat(page.at("/properties/items/items/$ref").asString()).isEqualTo("#/components/schemas/Pet");
        assertThat(page.at("/properties/total/type").asString()).isEqualTo("integer");
    }

    @Test
    void requestBodyStatusAndAsyncResult() {
        JsonNode create = operation(document, "/pets", "post");
        assertThat(create.at("/requestBody/required").asBoolean()).isTrue();
        assertThat(create.at("/requestBody/content/application~1json/schema/$ref").asString())
                .isEqualTo("#/components/schemas/NewPet");
        assertThat(create.path("responses").propertyNames()).containsExactly("201");
        assertThat(create.at("/responses/201/description").asString()).isEqualTo("Created");
        assertThat(create.at("/responses/201/content/application~1json/schema/$ref").asString())
                .isEqualTo("#/components/schemas/Pet");
        JsonNode newPet = component(document, "NewPet");
        assertThat(newPet.path("required")).extracting(JsonNode::asString).containsExactly("name", "age");
        assertThat(newPet.at("/properties/age/minimum").asInt()).isEqualTo(0);
        assertThat(newPet.at("/properties/age/maximum").asInt()).isEqualTo(30);
    }

    @Test
    void deprecatedVoidAndRenamedPathVariable() {
        JsonNode remove = operation(document, "/pets/{id}", "delete");
        assertThat(remove.path("deprecated").asBoolean()).isTrue();
        assertThat(remove.path("responses").propertyNames()).containsExactly("200");
        assertThat(remove.at("/responses/200").has("content")).isFalse();
        assertThat(parameterNames(remove)).containsExactly("path:id");
        assertThat(parameter(remove, "path", "id").at("/schema/type").asString()).isEqualTo("integer");
    }

    @Test
    void operationDocRegexPathAndBeans() {
        JsonNode owner = operation(document, "/pets/owners/{id}", "get");
        assertThat(owner.path("summary").asString()).isEqualTo("An owner");
        assertThat(owner.path("description").asString()).isEqualTo("Of a pet.");
        assertThat(owner.path("tags")).extracting(JsonNode::asString).containsExactly("owners");
        assertThat(parameter(owner, "path", "id").at("/schema/pattern").asString()).isEqualTo("^\\d+$");
        JsonNode bean = component(document, "Owner");
        assertThat(bean.path("properties").propertyNames()).containsExactlyInAnyOrder("name", "active",
                "nickname");
        assertThat(bean.at("/properties/nickname/deprecated").asBoolean()).isTrue();
        assertThat(bean.path("required")).extracting(JsonNode::asString).containsExactly("active");
    }

    @Test
    void duplicateOperationIdsGetASuffixAndObjectParametersBecomeQueryParameters() {
        JsonNode search = operation(document, "/pets/search", "get");
        // one of the two methods named list keeps the name, the other gets a suffix (which depends on the order)
        assertThat(List.of(search.path("operationId").asString(),
                operation(document, "/pets", "get").path("operationId").asString()))
                .containsExactlyInAnyOrder("list", "list_1");
        assertThat(parameterNames(search)).containsExactly("query:text", "query:minAge");
        assertThat(search.at("/responses/200/content/application~1json/schema/type").asString())
                .isEqualTo("array");
        JsonNode name = operation(document, "/pets/{id}/name", "get");
        assertThat(name.at("/responses/200/content/text~1plain/schema/type").asString()).isEqualTo("string");
    }

    @Test
    void schemasOfRecordsEnumsCollectionsAndRecursion() {
        JsonNode pet = component(document, "Pet");
        assertThat(pet.path("type").asString()).isEqualTo("object");
        assertThat(pet.path("required")).extracting(JsonNode::asString).containsExactly("id", "name");
        JsonNode p = pet.path("properties");
        assertThat(p.at("/name/minLength").asInt()).isEqualTo(1);
        assertThat(p.at("/name/maxLength").asInt()).isEqualTo(40);
        assertThat(p.at("/category/$ref").asString()).isEqualTo("#/components/schemas/Category");
        assertThat(p.at("/tags/type").asString()).isEqualTo("array");
        assertThat(p.at("/tags/items/type").asString()).isEqualTo("string");
        assertThat(p.at("/nicknames/uniqueItems").asBoolean()).isTrue();
        assertThat(p.at("/born/type").asString()).isEqualTo("string");
        assertThat(p.at("/born/format").asString()).isEqualTo("date");
        assertThat(p.at("/scores/type").asString()).isEqualTo("object");
        assertThat(p.at("/scores/additionalProperties/type").asString()).isEqualTo("integer");
        assertThat(p.at("/token/format").asString()).isEqualTo("uuid");
        assertThat(p.at("/price/type").asString()).isEqualTo("number");
        assertThat(p.at("/ratings/items/format").asString()).isEqualTo("int32");
        assertThat(p.at("/updated/format").asString()).isEqualTo("date-time");
        assertThat(p.at("/photo/contentEncoding").asString()).isEqualTo("base64");
        assertThat(p.path("extra").isObject()).isTrue();
        assertThat(p.path("extra").size()).isZero();
        JsonNode status = component(document, "Status");
        assertThat(status.path("enum")).extracting(JsonNode::asString)
                .containsExactly("AVAILABLE", "on-hold", "SOLD");
        JsonNode category = component(document, "Category");
        assertThat(category.at("/properties/parent/$ref").asString()).isEqualTo("#/components/schemas/Category");
        assertThat(category.at("/properties/children/items/$ref").asString())
                .isEqualTo("#/components/schemas/Category");
    }
}
