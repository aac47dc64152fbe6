package dev.brisk.openapi;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/** The types the test APIs take and return. */
final class Pets {

    private Pets() {
    }

    public enum Status { AVAILABLE, @JsonProperty("on-hold") ON_HOLD, SOLD }

    /** Recursive: a category's parent is a category. */
    public record Category(@NotNull String name, Category parent, List<Category> children) {
    }

    public record Pet(long id, @NotNull @Size(min = 1, max = 40) String name, Category category, Status status,
                      List<String> tags, Set<String> nicknames, Optional<LocalDate> born,
                      Map<String, Integer> scores, UUID token, BigDecimal price, int[] ratings, Instant updated,
                      byte[] photo, Object extra) {
    }

    public record NewPet(@NotNull String name, @Min(0) @Max(30) int age, Status status) {
    }

    public record Page<T>(List<T> items, int total) {
    }

    /** A bean: getters and setters, one ignored property. */
    public static class Owner {
        private String name;
        private boolean active;
        private String secret;

        public String getName() {
            return name;
        }

        public void setName(String name) {
            this.name = name;
        }

        public boolean isActive() {
            return active;
        }

        public void setActive(boolean active) {
            this.active = active;
        }

        @JsonIgnore
        public String getSecret() {
            return secret;
        }

        @Deprecated
        public String getNickname() {
            return name;
        }
    }
}
