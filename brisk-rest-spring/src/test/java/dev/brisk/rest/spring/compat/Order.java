package dev.brisk.rest.spring.compat;

import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import org.springframework.format.annotation.DateTimeFormat;

import java.time.LocalDate;

/** An order of the sample shop. */
public record Order(long id, long customerId, String item, int quantity, LocalDate placedOn) {

    /** What a client sends to place an order. */
    public record Draft(long customerId, @NotBlank String item, @Min(1) int quantity) {
    }

    /** Search criteria bound from the query string, dates in two of Spring's formats. */
    public static class Search {
        @DateTimeFormat(pattern = "dd.MM.yyyy")
        private LocalDate from;
        @DateTimeFormat(iso = DateTimeFormat.ISO.DATE)
        private LocalDate to;
        private String item;

        public void setFrom(LocalDate from) {
            this.from = from;
        }

        public void setTo(LocalDate to) {
            this.to = to;
        }

        public void setItem(String item) {
            this.item = item;
        }

        @Override
        public String toString() {
            return "from " + from + " to " + to + (item == null ? "" : " item " + item);
        }
    }
}
