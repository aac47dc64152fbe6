package dev.brisk.rest.spring.compat;

/** A domain exception of the sample shop, answered by {@link DomainErrorAdvice}. */
public class CustomerNotFoundException extends RuntimeException {

    private final long customerId;

    public CustomerNotFoundException(long customerId) {
        super("customer " + customerId + " does not exist");
        this.customerId = customerId;
    }

    public long customerId() {
        return customerId;
    }
}
