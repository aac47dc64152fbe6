package dev.brisk.rest.spring.compat;

import jakarta.validation.constraints.NotBlank;

import java.math.BigDecimal;
import java.util.List;

/** A product of the sample shop. */
public record Product(long id, String name, BigDecimal price) {

    /** What a client says about an image it uploads, sent as a JSON part next to the file. */
    public record ImageMeta(@NotBlank String alt, List<String> tags) {
    }
}
