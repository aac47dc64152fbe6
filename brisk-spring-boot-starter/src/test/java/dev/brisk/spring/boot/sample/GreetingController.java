package dev.brisk.spring.boot.sample;

import dev.brisk.rest.RunOn;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** Plain text and JSON greetings. */
@RestController
public class GreetingController {

    private final GreetingService greetings;

    public GreetingController(GreetingService greetings) {
        this.greetings = greetings;
    }

    /** A JSON payload with a camel-case field, written by the application's JsonMapper. */
    public record Greeting(String recipientName, String text) {
    }

    @GetMapping(value = "/hello", produces = "text/plain")
    public String hello() {
        return "Hello, World!";
    }

    @GetMapping("/greetings/{name}")
    public Greeting greet(@PathVariable String name, @RequestParam(defaultValue = "Hello") String salutation) {
        return greetings.greet(salutation, name);
    }

    @RunOn("sample")
    @GetMapping(value = "/thread", produces = "text/plain")
    public String thread() {
        return Thread.currentThread().getName();
    }
}
