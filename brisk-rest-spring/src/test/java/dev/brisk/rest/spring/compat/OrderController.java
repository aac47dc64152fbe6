package dev.brisk.rest.spring.compat;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.validation.annotation.Validated;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

import java.io.IOException;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.springframework.web.server.ResponseStatusException;

/** Orders of the sample shop; {@code @Validated} on the class asks for Spring's AOP-style method validation. */
@RestController
@RequestMapping("/orders")
@Validated
public class OrderController {

    private final List<Order> orders = new ArrayList<>();
    private final OrderTracker tracker;

    public OrderController() {
        this(new OrderTracker());
    }

    public OrderController(OrderTracker tracker) {
        this.tracker = tracker;
    }

    @GetMapping
    public List<Order> list(@RequestParam(defaultValue = "10") @Max(50) int limit) {
        return orders.stream().limit(limit).toList();
    }

    @GetMapping("/{id}")
    public Order get(@PathVariable long id) {
        return orders.stream().filter(o -> o.id() == id).findFirst()
                .orElseThrow(() -> new ResponseStatusException(HttpStatus.NOT_FOUND,
                        "order " + id + " does not exist"));
    }

    @PostMapping
    @ResponseStatus(HttpStatus.CREATED)
    public synchronized Order place(@Valid @RequestBody Order.Draft draft) {
        Order order = new Order(orders.size() + 1, draft.customerId(), draft.item(), draft.quantity(),
                LocalDate.of(2026, 1, 15));
        orders.add(order);
        return order;
    }

    /** The progress of an order as Server-Sent Events: its status now, then each change until it ships. */
    @GetMapping(path = "/{id}/progress", produces = MediaType.TEXT_EVENT_STREAM_VALUE)
    public SseEmitter progress(@PathVariable long id) throws IOException {
        Order order = get(id);
        SseEmitter emitter = new SseEmitter(Duration.ofMinutes(30).toMillis());
        emitter.send(SseEmitter.event().comment("tracking order " + order.id()).id("1").name("status")
                .reconnectTime(5000).data(new OrderTracker.Status(order.id(), "placed")));
        tracker.watch(order.id(), emitter);
        return emitter;
    }

    @PostMapping("/{id}/shipments")
    public ResponseEntity<Void> ship(@PathVariable long id) {
        tracker.shipped(get(id).id());
        return ResponseEntity.accepted().build();
    }

    @GetMapping("/{id}/watchers")
    public int watchers(@PathVariable long id) {
        return tracker.watchers(id);
    }

    @GetMapping("/search")
    public String search(Order.Search search) {
        return search.toString();
    }
}
