package dev.brisk.rest.spring.compat;

/** A reservation the shop cannot make, answered by {@link DomainErrorAdvice} with an {@code ErrorResponse}. */
public class InvalidReservationException extends RuntimeException {

    public InvalidReservationException(String message) {
        super(message);
    }
}
