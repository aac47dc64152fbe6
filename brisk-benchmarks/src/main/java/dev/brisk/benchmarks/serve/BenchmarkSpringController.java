package dev.brisk.benchmarks.serve;

import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

/** The standard endpoints as a Spring MVC controller would write them (JSON through the codec, as usual). */
@RestController
public class BenchmarkSpringController {

    /** The /json payload. */
    public record Message(String message) {
    }

    /** The /users/{id} payload. */
    public record User(long id, String name, String email) {
    }

    @GetMapping(value = "/hello", produces = "text/plain")
    public String hello() {
        return "Hello, World!";
    }

    @PostMapping("/echo")
    public ResponseEntity<byte[]> echo(@RequestBody byte[] body,
                                       @RequestHeader(value = "content-type", defaultValue = Endpoints.OCTET_STREAM)
                                       String type) {
        return ResponseEntity.ok().header("content-type", type).body(body);
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
