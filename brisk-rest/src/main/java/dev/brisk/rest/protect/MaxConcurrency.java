package dev.brisk.rest.protect;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Limits the requests a controller's handlers (on the class: each handler method on its own) or one handler (on the
 * method, which wins) run at once; beyond it a request is answered {@code 503} with {@code Retry-After} at once.
 * Works with Spring MVC and JAX-RS controllers alike; the annotation form of {@link ConcurrencyLimit} (named apart
 * from it so that both can be imported together).
 *
 * <pre>{@code @GetMapping("/report") @MaxConcurrency(4) Report report() { ... }}</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface MaxConcurrency {

    /** The limit; with {@link #adaptive()} the highest the adaptive limit goes. */
    int value();

    /** Whether the limit adapts to latency ({@link ConcurrencyLimit#adaptive(int)}) rather than staying fixed. */
    boolean adaptive() default false;
}
