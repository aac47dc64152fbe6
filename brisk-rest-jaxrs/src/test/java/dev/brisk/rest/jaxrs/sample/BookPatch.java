package dev.brisk.rest.jaxrs.sample;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Size;

/** The body of {@code PATCH /books/{id}}: the properties to change; {@code null} ones stay as they are. */
public record BookPatch(@Size(min = 1, max = 120) String title, @Size(min = 1, max = 80) String author,
                        @Min(1450) @Max(2100) Integer year) {

    /** {@code book} with the changes applied. */
    public Book applyTo(Book book) {
        return new Book(book.id(), title != null ? title : book.title(), author != null ? author : book.author(),
                year != null ? year : book.year(), book.isbn());
    }
}
