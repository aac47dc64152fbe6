package dev.brisk.rest.jaxrs.sample;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/**
 * A book of the library catalogue: the JSON entity of {@link BookResource} (Jackson, fields in declaration order) and
 * the {@code text/csv} entity of {@link BookCsvProvider}. The constraints are checked where a resource says
 * {@code @Valid}.
 */
public record Book(
        Long id,
        @NotBlank @Size(max = 120) String title,
        @NotBlank @Size(max = 80) String author,
        @NotNull @Min(1450) @Max(2100) Integer year,
        @Pattern(regexp = "\\d{13}") String isbn) {

    /** This book as stored under {@code id}. */
    public Book withId(long id) {
        return new Book(id, title, author, year, isbn);
    }
}
