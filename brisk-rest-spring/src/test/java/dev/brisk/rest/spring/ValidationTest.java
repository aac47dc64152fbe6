package dev.brisk.rest.spring;

import dev.brisk.rest.Brisk;
import dev.brisk.test.BriskServerExtension;
import dev.brisk.test.TestClient;
import dev.brisk.test.TestResponse;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.validation.annotation.Validated;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Jakarta Bean Validation (Hibernate Validator) on bodies, parameters, groups and results, as Spring MVC applies it;
 * unhandled violations are Brisk's 400 problem listing each field.
 */
class ValidationTest {

    public interface Strict {
    }

    public record Signup(@NotBlank String name, @Email String email, @Size(min = 8, groups = Strict.class) String password) {
    }

    @RestController
    public static class SignupController {
        @PostMapping("/signup")
        public Signup signup(@Valid @RequestBody Signup body) {
            return body;
        }

        @PostMapping("/strict")
        public Signup strict(@Validated(Strict.class) @RequestBody Signup body) {
            return body;
        }

        @GetMapping("/pages/{page}")
        public String page(@PathVariable @Min(1) int page, @RequestParam(defaultValue = "10") @Max(100) int size) {
            return page + "/" + size;
        }

        @GetMapping("/broken")
        @NotBlank
        public String broken() {
            return "";
        }
    }

    @RegisterExtension
    static final BriskServerExtension SERVER = BriskServerExtension.of(() -> Brisk.server()
            .controllers(new SignupController()));

    @Test
    void validBodiesPassAndInvalidOnesListTheirFields(TestClient client) {
        TestResponse ok = client.post("/signup").contentType("application/json")
                .body("{\"name\":\"Ada\",\"email\":\"ada@example.com\",\"password\":\"x\"}").execute();
        assertThat(ok.status()).isEqualTo(200);
        TestResponse bad = client.post("/signup").contentType("application/json")
                .body("{\"name\":\" \",\"email\":\"nope\"}").execute();
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.header("content-type")).hasValue("application/problem+json");
        assertThat(bad.body()).contains("\"errors\":[").contains("\"field\":\"email\"")
                .contains("\"field\":\"name\"").contains("must not be blank");
    }

    @Test
    void groupsComeFromValidated(TestClient client) {
        TestResponse weak = client.post("/strict").contentType("application/json")
                .body("{\"name\":\"Ada\",\"email\":\"ada@example.com\",\"password\":\"short\"}").execute();
        assertThat(weak.status()).isEqualTo(400);
        assertThat(weak.body()).contains("\"field\":\"password\"").doesNotContain("\"field\":\"name\"");
    }

    @Test
    void parameterConstraintsAndResults(TestClient client) {
        assertThat(client.get("/pages/2?size=50").execute().body()).isEqualTo("2/50");
        TestResponse zero = client.get("/pages/0?size=500").execute();
        assertThat(zero.status()).isEqualTo(400);
        assertThat(zero.body()).contains("\"field\":\"page\"").contains("\"field\":\"size\"");
        TestResponse broken = client.get("/broken").execute();
        assertThat(broken.status()).isEqualTo(500);
        assertThat(broken.body()).doesNotContain("must not be blank");
    }
}
