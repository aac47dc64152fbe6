package dev.brisk.rest.jaxrs.sample;

/** Whether a copy of a book can be borrowed now; answered asynchronously by {@link AvailabilityResource}. */
public record Availability(long bookId, String title, boolean available) {
}
