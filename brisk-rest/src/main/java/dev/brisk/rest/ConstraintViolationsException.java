package dev.brisk.rest;

import java.util.List;

/** A request that broke constraints: answered 400, the problem listing each field and what is wrong with it. */
public final class ConstraintViolationsException extends HttpStatusException {

    private static final long serialVersionUID = 1L;

    /** One broken constraint: the path of the value (e.g. {@code create.user.name}) and the message. */
    public record Violation(String field, String message) {
    }

    @SuppressWarnings("serial") // details for the caller, not meant for Java serialization
    private final List<Violation> violations;

    public ConstraintViolationsException(List<Violation> violations) {
        super(400, violations.size() + " constraint violation(s): " + violations.stream()
                .map(v -> v.field() + " " + v.message()).reduce((a, b) -> a + "; " + b).orElse(""));
        this.violations = List.copyOf(violations);
    }

    public List<Violation> violations() {
        return violations;
    }
}
