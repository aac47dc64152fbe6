package dev.brisk.rest.spring;

import dev.brisk.rest.Brisk;
import dev.brisk.test.BriskServerExtension;
import dev.brisk.test.TestClient;
import dev.brisk.test.TestResponse;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Controllers that implement annotated interfaces (the shape of openapi-generator's {@code interfaceOnly} output) and
 * repeat no annotation: mappings, parameter sources, {@code @Valid} and generic body types come from the interface,
 * as Spring MVC merges them.
 */
class InterfaceAnnotationsTest {

    public record OwnerFields(@NotBlank String firstName, @NotBlank String lastName) {
    }

    /** An API interface as a code generator writes it. */
    @RequestMapping("/api")
    public interface OwnersApi {
        @PostMapping(value = "/owners", consumes = "application/json")
        ResponseEntity<String> addOwner(@Valid @RequestBody OwnerFields body);

        @GetMapping("/owners/{ownerId}")
        ResponseEntity<String> owner(@PathVariable("ownerId") Integer ownerId,
                                     @RequestParam(value = "details", required = false) Boolean details,
                                     @RequestHeader(value = "X-Tenant", defaultValue = "main") String tenant);
    }

    /** A generic interface whose body type the implementing class fixes. */
    public interface BatchApi<T> {
        @PostMapping("/batch") // under the "/api" of OwnersApi, which the class also implements
        String store(@RequestBody List<T> items);
    }

    @RestController
    public static class OwnersController implements OwnersApi, BatchApi<OwnerFields> {
        @Override
        public ResponseEntity<String> addOwner(OwnerFields body) {
            return ResponseEntity.status(HttpStatus.CREATED).body(body.lastName() + ", " + body.firstName());
        }

        @Override
        public ResponseEntity<String> owner(Integer ownerId, Boolean details, String tenant) {
            return ResponseEntity.ok("owner " + ownerId + " details=" + details + " tenant=" + tenant);
        }

        @Override
        public String store(List<OwnerFields> items) {
            return items.size() + " items, first " + items.get(0).lastName();
        }

        @ExceptionHandler
        ResponseEntity<String> unreadable(NumberFormatException e) {
            return ResponseEntity.badRequest().body("not a number");
        }
    }

    @RegisterExtension
    static final BriskServerExtension SERVER = BriskServerExtension.of(() -> Brisk.server()
            .controllers(new OwnersController()));

    @Test
    void bodyAndValidationComeFromTheInterface(TestClient client) {
        TestResponse created = client.post("/api/owners").contentType("application/json")
                .body("{\"firstName\":\"George\",\"lastName\":\"Franklin\"}").execute();
        assertThat(created.status()).isEqualTo(201);
        assertThat(created.body()).isEqualTo("Franklin, George");
        TestResponse invalid = client.post("/api/owners").contentType("application/json")
                .body("{\"firstName\":\" \",\"lastName\":\"Franklin\"}").execute();
        assertThat(invalid.status()).isEqualTo(400);
        assertThat(invalid.body()).contains("\"field\":\"firstName\"");
    }

    @Test
    void pathQueryAndHeaderSourcesComeFromTheInterface(TestClient client) {
        assertThat(client.get("/api/owners/7?details=true").header("X-Tenant", "north").execute().body())
                .isEqualTo("owner 7 details=true tenant=north");
        assertThat(client.get("/api/owners/8").execute().body()).isEqualTo("owner 8 details=null tenant=main");
    }

    @Test
    void aGenericBodyTypeIsResolvedAgainstTheController(TestClient client) {
        TestResponse stored = client.post("/api/batch").contentType("application/json")
                .body("[{\"firstName\":\"Betty\",\"lastName\":\"Davis\"}]").execute();
        assertThat(stored.status()).isEqualTo(200);
        assertThat(stored.body()).isEqualTo("1 items, first Davis");
    }
}
