package dev.brisk.rest.spring.compat;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** Stock levels; constraints on the parameters use Spring MVC's built-in method validation. */
@RestController
public class InventoryController {

    @GetMapping("/inventory/{shelf}")
    public String shelf(@PathVariable @Min(1) int shelf, @RequestParam(defaultValue = "1") @Max(10) int rows) {
        return "shelf " + shelf + ", " + rows + " row(s)";
    }

    @GetMapping("/inventory/{shelf}/reserve")
    public String reserve(@PathVariable int shelf, @RequestParam int count) {
        if (count <= 0) {
            throw new InvalidReservationException("count must be positive, not " + count);
        }
        return count + " reserved on shelf " + shelf;
    }
}
