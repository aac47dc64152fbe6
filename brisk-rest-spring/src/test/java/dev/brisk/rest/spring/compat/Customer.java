package dev.brisk.rest.spring.compat;

import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;

import java.time.LocalDate;

/** A customer of the sample shop. */
public record Customer(long id, String name, String email, LocalDate born) {

    /** What a client sends to create or replace a customer. */
    public record Draft(@NotBlank String name, @NotNull @Email String email, LocalDate born,
                        @Min(0) @Max(150) Integer age) {
    }
}
