package dev.brisk.examples.demo.catalog;

import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

import java.math.BigDecimal;

/**
 * The body of {@code POST /api/books}: a book to add, its price and the copies the warehouse receives.
 *
 * @param title the title
 * @param author the author
 * @param year the year of first publication
 * @param price the price in euros
 * @param copies the copies put on the shelf
 */
public record NewBook(
        @NotBlank @Size(max = 200) String title,
        @NotBlank @Size(max = 100) String author,
        @Min(1450) @Max(2100) int year,
        @NotNull @DecimalMin(value = "0.00", message = "must be zero or more") BigDecimal price,
        @Min(0) @Max(10_000) int copies) {
}
