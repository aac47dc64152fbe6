package dev.brisk.rest.spring.compat;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import org.springframework.http.HttpStatus;
import org.springframework.validation.annotation.Validated;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/** Orders of the sample shop; {@code @Validated} on the class asks for Spring's AOP-style method validation. */
@RestController
@RequestMapping("/orders")
@Validated
public class OrderController {

    private final List<Order> orders = new ArrayList<>();

    @GetMapping
    public List<Order> list(@RequestParam(defaultValue = "10") @Max(50) int limit) {
        return orders.stream().limit(limit).toList();
    }

    @GetMapping("/{id}")
    public Order get(@PathVariable long id) {
        return orders.stream().filter(o -> o.id() == id).findFirst()
                .orElseThrow(() -> new org.springframework.web.server.ResponseStatusException(HttpStatus.NOT_FOUND,
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

    @GetMapping("/search")
    public String search(Order.Search search) {
        return search.toString();
    }
}
