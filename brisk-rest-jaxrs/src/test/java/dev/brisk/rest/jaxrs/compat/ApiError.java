package dev.brisk.rest.jaxrs.compat;

import java.util.List;

/**
 * The application's error body.
 *
 * @param exception the simple name of the exception a mapper answered (lets the tests see what the mapper saw)
 */
public record ApiError(int status, String message, String exception, List<String> violations) {
}
