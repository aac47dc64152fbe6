package dev.brisk.benchmarks.esa;

import dev.brisk.benchmarks.serve.Endpoints;
import esa.httpserver.core.AsyncRequest;
import esa.httpserver.core.AsyncResponse;
import esa.restlight.spring.shaded.org.springframework.web.bind.annotation.GetMapping;
import esa.restlight.spring.shaded.org.springframework.web.bind.annotation.PathVariable;
import esa.restlight.spring.shaded.org.springframework.web.bind.annotation.PostMapping;
import esa.restlight.spring.shaded.org.springframework.web.bind.annotation.RestController;

/**
 * The standard endpoints as a Spring MVC controller for ESA Restlight 0.1.1, written like the launcher's
 * {@code BenchmarkSpringController}, JSON through Jackson. What Restlight 0.1.1 asks for instead: the Spring MVC
 * annotations as its jars carry them (relocated under {@code esa.restlight.spring.shaded}: the published
 * restlight-springmvc-annotation reads only those); bean classes rather than records (its Jackson 2.10 does not know
 * records); and {@code /echo} answers on the response itself, since Restlight has no {@code ResponseEntity} and
 * reads an {@code @RequestBody} only in the media types of its serializers, not any type as Spring MVC does.
 */
@RestController
public class RestlightController {

    /** The /json payload. */
    public static final class Message {

        private final String message;

        Message(String message) {
            this.message = message;
        }

        public String getMessage() {
            return message;
        }
    }

    /** The /users/{id} payload. */
    public static final class User {

        private final long id;
        private final String name;
        private final String email;

        User(long id, String name, String email) {
            this.id = id;
            this.name = name;
            this.email = email;
        }

        public long getId() {
            return id;
        }

        public String getName() {
            return name;
        }

        public String getEmail() {
            return email;
        }
    }

    @GetMapping(value = "/hello", produces = "text/plain")
    public String hello() {
        return "Hello, World!";
    }

    @PostMapping("/echo")
    public void echo(AsyncRequest request, AsyncResponse response) {
        String type = request.getHeader("content-type");
        response.setHeader("content-type", type == null ? Endpoints.OCTET_STREAM : type);
        response.sendResult(request.body());
    }

    @GetMapping("/json")
    public Message json() {
        return new Message("Hello, World!");
    }

    @GetMapping("/users/{id}")
    public User user(@PathVariable long id) {
        return new User(id, "User " + id, "user" + id + "@example.com");
    }
}
