package dev.brisk.rest.protect;

import dev.brisk.rest.Route;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * How long a controller's handlers (on the class) or one handler (on the method, which wins) may take before the
 * request is answered {@code 503} and the handler is cancelled; see {@link Route.Builder#timeout}. Works with Spring
 * MVC and JAX-RS controllers alike.
 *
 * <pre>{@code @GET @Path("/slow") @RequestTimeout("2s") String slow() { ... }}</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface RequestTimeout {

    /**
     * The timeout: an ISO-8601 duration ({@code PT2S}, {@code PT0.5S}) or a number with a unit, {@code ms},
     * {@code s} or {@code m} ({@code 500ms}, {@code 2s}, {@code 1m}).
     */
    String value();
}
