package dev.brisk.rest.spring;

import dev.brisk.rest.RunOn;
import dev.brisk.rest.Schedulers;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.CookieValue;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.MatrixVariable;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

import java.net.URI;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/** A controller written for Spring MVC, as a Spring user would write it; the tests run it on Brisk unchanged. */
@RestController
@RequestMapping("/users")
public class UserController {

    public enum Role { ADMIN, MEMBER }

    public record User(long id, String name, Role role) {
    }

    public record NewUser(String name, Role role) {
    }

    public record ApiError(String code, String message) {
    }

    public static class UserNotFound extends RuntimeException {
        UserNotFound(long id) {
            super("user " + id + " not found");
        }
    }

    private final Map<Long, User> users = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong();

    @GetMapping
    public List<User> list(@RequestParam(defaultValue = "0") int page, @RequestParam(defaultValue = "10") int size,
                           @RequestParam(required = false) Role role) {
        List<User> all = new ArrayList<>(users.values());
        all.removeIf(u -> role != null && u.role() != role);
        all.sort((a, b) -> Long.compare(a.id(), b.id()));
        int from = Math.min(page * size, all.size());
        return all.subList(from, Math.min(from + size, all.size()));
    }

    @GetMapping("/{id}")
    public User get(@PathVariable long id) {
        User user = users.get(id);
        if (user == null) {
            throw new UserNotFound(id);
        }
        return user;
    }

    @GetMapping("/{id}/maybe")
    public Optional<User> maybe(@PathVariable("id") long userId) {
        return Optional.ofNullable(users.get(userId));
    }

    @PostMapping(consumes = "application/json")
    public ResponseEntity<User> create(@RequestBody NewUser body) {
        if (body.name() == null || body.name().isBlank()) {
            throw new ResponseStatusException(HttpStatus.UNPROCESSABLE_CONTENT, "name is required");
        }
        long id = ids.incrementAndGet();
        User user = new User(id, body.name(), body.role() == null ? Role.MEMBER : body.role());
        users.put(id, user);
        return ResponseEntity.created(URI.create("/users/" + id)).body(user);
    }

    @PutMapping("/{id}")
    public User update(@PathVariable long id, @RequestBody NewUser body) {
        get(id);
        User user = new User(id, body.name(), body.role());
        users.put(id, user);
        return user;
    }

    @DeleteMapping("/{id}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    public void delete(@PathVariable long id) {
        if (users.remove(id) == null) {
            throw new UserNotFound(id);
        }
    }

    @GetMapping("/{id}/async")
    public CompletableFuture<User> async(@PathVariable long id) {
        return CompletableFuture.supplyAsync(() -> get(id));
    }

    @GetMapping("/echo")
    public Map<String, Object> echo(@RequestHeader("X-Request-Id") String requestId,
                                    @RequestHeader(value = "X-Missing", defaultValue = "none") String missing,
                                    @CookieValue(name = "session", required = false) String session,
                                    @RequestParam List<String> tags, @RequestParam UUID token,
                                    @RequestParam LocalDate since) {
        return Map.of("requestId", requestId, "missing", missing, "session", String.valueOf(session), "tags", tags,
                "token", token.toString(), "since", since.toString());
    }

    @GetMapping(value = "/text", produces = "text/plain")
    public String text() {
        return "plain words";
    }

    @GetMapping("/thread")
    @RunOn(Schedulers.WORKER)
    public String thread() {
        return Thread.currentThread().getName();
    }

    public record Search(String name, Role role, int limit) {
    }

    public static class Filter {
        private String prefix;
        private boolean exact;

        public void setPrefix(String prefix) {
            this.prefix = prefix;
        }

        public void setExact(boolean exact) {
            this.exact = exact;
        }
    }

    public record Address(String city, String zip) {
    }

    public static class Profile {
        private String nickname;
        private Address address;
        private List<String> tags;

        public void setNickname(String nickname) {
            this.nickname = nickname;
        }

        public void setAddress(Address address) {
            this.address = address;
        }

        public void setTags(List<String> tags) {
            this.tags = tags;
        }
    }

    @PostMapping(value = "/profile", consumes = "application/x-www-form-urlencoded")
    public String profile(@ModelAttribute Profile profile) {
        return profile.nickname + " " + profile.address + " " + profile.tags;
    }

    @GetMapping("/search")
    public String search(Search search, @ModelAttribute Filter filter) {
        return search + " " + filter.prefix + " " + filter.exact;
    }

    @PostMapping(value = "/form", consumes = "application/x-www-form-urlencoded")
    public String form(@RequestParam String name, @RequestParam(defaultValue = "1") int count) {
        return name + " x" + count;
    }

    @GetMapping("/{id}/cars/{model}")
    public String cars(@PathVariable long id, @PathVariable String model,
                       @MatrixVariable(pathVar = "model", name = "color") List<String> colors,
                       @MatrixVariable(pathVar = "model", defaultValue = "2000") int year,
                       @MatrixVariable(pathVar = "id", required = false) String tier) {
        return id + " " + model + " " + colors + " " + year + " " + tier;
    }

    @ExceptionHandler(UserNotFound.class)
    @ResponseStatus(HttpStatus.NOT_FOUND)
    public ApiError notFound(UserNotFound e) {
        return new ApiError("not_found", e.getMessage());
    }
}
