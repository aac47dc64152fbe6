package dev.brisk.rest.spring;

import dev.brisk.rest.Brisk;
import dev.brisk.test.BriskServerExtension;
import dev.brisk.test.TestClient;
import dev.brisk.test.TestResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.bind.annotation.RestControllerAdvice;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code @ResponseStatus} on a controller or advice class applies to each of its methods that carries none, as in
 * Spring MVC ({@code HandlerMethod} falls back to the bean type); a method's own annotation wins.
 */
class ClassResponseStatusTest {

    @RestController
    @ResponseStatus(HttpStatus.ACCEPTED)
    public static class JobsController {
        @PostMapping("/jobs")
        public String submit() {
            return "queued";
        }

        @GetMapping("/jobs/done")
        @ResponseStatus(HttpStatus.OK)
        public String done() {
            return "done";
        }

        @GetMapping("/jobs/broken")
        public String broken() {
            throw new IllegalStateException("the queue is down");
        }
    }

    @RestControllerAdvice
    @ResponseStatus(HttpStatus.SERVICE_UNAVAILABLE)
    public static class JobsAdvice {
        @ExceptionHandler
        public String down(IllegalStateException e) {
            return e.getMessage();
        }
    }

    @RegisterExtension
    static final BriskServerExtension SERVER = BriskServerExtension.of(() -> Brisk.server()
            .controllers(new JobsController(), new JobsAdvice()));

    @Test
    void theClassStatusAppliesToMethodsWithoutTheirOwn(TestClient client) {
        TestResponse response = client.post("/jobs").execute();
        assertThat(response.status()).isEqualTo(202);
        assertThat(response.body()).isEqualTo("queued");
    }

    @Test
    void aMethodStatusWinsOverTheClassStatus(TestClient client) {
        assertThat(client.get("/jobs/done").execute().status()).isEqualTo(200);
    }

    @Test
    void anAdviceClassStatusAppliesToItsHandlers(TestClient client) {
        TestResponse response = client.get("/jobs/broken").execute();
        assertThat(response.status()).isEqualTo(503);
        assertThat(response.body()).isEqualTo("the queue is down");
    }
}
