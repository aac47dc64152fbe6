package dev.brisk.rest.jaxrs.sample;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/** A reader's review of a book, served by the sub-resource {@link ReviewsResource}. */
public record Review(@NotBlank String reviewer, @NotNull @Min(1) @Max(5) Integer stars,
                     @Size(max = 500) String comment) {
}
