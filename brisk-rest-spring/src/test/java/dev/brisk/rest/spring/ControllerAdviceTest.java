package dev.brisk.rest.spring;

import dev.brisk.rest.Brisk;
import dev.brisk.test.BriskServerExtension;
import dev.brisk.test.TestClient;
import dev.brisk.test.TestResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.bind.annotation.RestControllerAdvice;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** @RestControllerAdvice handlers apply to the controllers their selectors name, whatever the registration order. */
class ControllerAdviceTest {

    @RestController
    public static class OrdersController {
        @GetMapping("/orders/{id}")
        public String order(@PathVariable long id) {
            if (id <= 0) {
                throw new IllegalArgumentException("order ids are positive");
            }
            return "order " + id;
        }

        @GetMapping("/orders/{id}/lock")
        public String lock(@PathVariable long id) {
            throw new IllegalStateException("order " + id + " is locked");
        }
    }

    @RestController
    public static class PingController {
        @GetMapping("/ping/fail")
        public String fail() {
            throw new IllegalArgumentException("not advised");
        }
    }

    @RestControllerAdvice(assignableTypes = OrdersController.class)
    public static class OrdersAdvice {
        @ExceptionHandler
        public ResponseEntity<Map<String, String>> badInput(IllegalArgumentException e) {
            return ResponseEntity.status(HttpStatus.BAD_REQUEST).body(Map.of("error", e.getMessage()));
        }
    }

    /** Handler methods need not be public, as in Spring MVC. */
    @RestControllerAdvice
    static class LockAdvice {
        @ExceptionHandler(IllegalStateException.class)
        ResponseEntity<String> locked(IllegalStateException e) {
            return ResponseEntity.status(HttpStatus.CONFLICT).body(e.getMessage());
        }
    }

    @RegisterExtension
    static final BriskServerExtension SERVER = BriskServerExtension.of(() -> Brisk.server()
            .controllers(new OrdersController(), new PingController(), new OrdersAdvice(), new LockAdvice()));

    @Test
    void aPackagePrivateHandlerMethodIsFound(TestClient client) {
        TestResponse locked = client.get("/orders/3/lock").execute();
        assertThat(locked.status()).isEqualTo(409);
        assertThat(locked.body()).isEqualTo("order 3 is locked");
    }

    @Test
    void adviceHandlesTheControllersItSelects(TestClient client) {
        assertThat(client.get("/orders/7").execute().body()).isEqualTo("order 7");
        TestResponse advised = client.get("/orders/0").execute();
        assertThat(advised.status()).isEqualTo(400);
        assertThat(advised.body()).isEqualTo("{\"error\":\"order ids are positive\"}");
        TestResponse notAdvised = client.get("/ping/fail").execute();
        assertThat(notAdvised.status()).isEqualTo(500);
        assertThat(notAdvised.body()).doesNotContain("not advised");
    }
}
