package dev.brisk.examples.demo.orders;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/**
 * The body of {@code POST /api/orders}.
 *
 * @param bookId the book to order
 * @param quantity the copies, 1 to 10
 * @param customer who orders
 */
public record OrderRequest(
        @NotNull Long bookId,
        @Min(1) @Max(10) int quantity,
        @NotBlank @Size(max = 60) String customer) {
}
