package dev.brisk.rest.spring;

import dev.brisk.rest.Brisk;
import dev.brisk.rest.observe.CompletedRequest;
import dev.brisk.rest.observe.RequestObserver;
import dev.brisk.test.BriskServerExtension;
import dev.brisk.test.TestClient;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.servlet.resource.NoResourceFoundException;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What request observers (the metrics' {@code exception} tag) see of a failure a Spring {@code @ExceptionHandler}
 * answered, or Spring's own handling: the exception the controller raised, as for failures Brisk's exception handlers
 * answer; a routing failure is no handler's failure.
 */
class ObservedFailuresTest {

    static final class OrderNotFoundException extends RuntimeException {
        OrderNotFoundException(long id) {
            super("no order " + id);
        }
    }

    @RestController
    public static class OrdersController {
        @GetMapping("/orders/{id}")
        public String order(@PathVariable long id) {
            if (id == 0) {
                throw new OrderNotFoundException(id);
            }
            return "order " + id;
        }
    }

    @RestControllerAdvice
    public static class Advice {
        @ExceptionHandler
        public ProblemDetail notFound(OrderNotFoundException e) {
            return ProblemDetail.forStatusAndDetail(HttpStatus.NOT_FOUND, e.getMessage());
        }

        @ExceptionHandler
        public ProblemDetail noResource(NoResourceFoundException e) {
            return ProblemDetail.forStatusAndDetail(HttpStatus.NOT_FOUND, "nothing here");
        }
    }

    static final BlockingQueue<CompletedRequest> COMPLETED = new LinkedBlockingQueue<>();

    @RegisterExtension
    static final BriskServerExtension SERVER = BriskServerExtension.of(() -> Brisk.server()
            .observability(o -> o.observer((RequestObserver) COMPLETED::add))
            .controllers(new OrdersController(), new Advice()));

    @BeforeEach
    void clear() {
        COMPLETED.clear();
    }

    private static CompletedRequest completed(String uri) throws InterruptedException {
        while (true) {
            CompletedRequest request = COMPLETED.poll(10, TimeUnit.SECONDS);
            assertThat(request).as("the observation of " + uri).isNotNull();
            if (request.context().request().uri().equals(uri)) {
                return request;
            }
        }
    }

    @Test
    void aFailureAnExceptionHandlerAnsweredIsObserved(TestClient client) throws Exception {
        assertThat(client.get("/orders/0").execute().status()).isEqualTo(404);
        CompletedRequest observed = completed("/orders/0");
        assertThat(observed.status()).isEqualTo(404);
        assertThat(observed.error()).containsInstanceOf(OrderNotFoundException.class);
    }

    @Test
    void aFailureSpringAnswersIsObservedAsSpringRaisedIt(TestClient client) throws Exception {
        assertThat(client.get("/orders/abc").execute().status()).isEqualTo(400);
        assertThat(completed("/orders/abc").error().map(e -> e.getClass().getSimpleName()))
                .hasValue("MethodArgumentTypeMismatchException");
    }

    @Test
    void successAndRoutingFailuresAreNoFailures(TestClient client) throws Exception {
        assertThat(client.get("/orders/1").execute().status()).isEqualTo(200);
        assertThat(completed("/orders/1").error()).isEmpty();
        assertThat(client.get("/nowhere").execute().status()).isEqualTo(404);
        assertThat(completed("/nowhere").error()).isEmpty();
    }
}
