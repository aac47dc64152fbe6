package dev.brisk.spring.boot.sample;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

import java.net.URI;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/** Users: path variables, validated JSON bodies, 201 with Location, and a not-found exception for the advice. */
@RestController
@RequestMapping("/users")
public class UserController {

    private final Map<Long, User> users = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong(100);

    /** A user. */
    public record User(long id, String name, String email) {
    }

    /** What a client sends to create a user. */
    public record NewUser(@NotBlank String name, @Email @NotBlank String email) {
    }

    @GetMapping("/{id}")
    public User user(@PathVariable @Min(1) long id) {
        User user = users.get(id);
        if (user == null) {
            throw new UserNotFoundException(id);
        }
        return user;
    }

    @PostMapping
    @ResponseStatus(HttpStatus.CREATED)
    public ResponseEntity<User> create(@Valid @RequestBody NewUser user) {
        User created = new User(ids.incrementAndGet(), user.name(), user.email());
        users.put(created.id(), created);
        return ResponseEntity.created(URI.create("/users/" + created.id())).body(created);
    }
}
