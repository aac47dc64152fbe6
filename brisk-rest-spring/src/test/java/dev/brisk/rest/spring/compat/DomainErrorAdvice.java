package dev.brisk.rest.spring.compat;

import jakarta.validation.ConstraintViolationException;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.ErrorResponse;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.WebRequest;

import java.net.URI;
import java.util.List;

/** The shop's own error contract for its domain exceptions, as RFC 9457 problems. */
@RestControllerAdvice
@Order(Ordered.HIGHEST_PRECEDENCE)
public class DomainErrorAdvice {

    @ExceptionHandler
    public ProblemDetail customerNotFound(CustomerNotFoundException e, WebRequest request) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.NOT_FOUND, e.getMessage());
        problem.setType(URI.create("https://shop.example/problems/customer-not-found"));
        problem.setTitle("Customer not found");
        problem.setProperty("customerId", e.customerId());
        problem.setProperty("path", request.getDescription(false));
        return problem;
    }

    @ExceptionHandler
    public ErrorResponse invalidReservation(InvalidReservationException e) {
        return ErrorResponse.builder(e, HttpStatus.UNPROCESSABLE_CONTENT, e.getMessage())
                .header("X-Stock-Error", "count").build();
    }

    @ExceptionHandler
    public ProblemDetail constraintViolations(ConstraintViolationException e) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, "invalid parameters");
        List<String> violations = e.getConstraintViolations().stream()
                .map(v -> v.getPropertyPath() + ": " + v.getMessage()).sorted().toList();
        problem.setProperty("violations", violations);
        return problem;
    }
}
