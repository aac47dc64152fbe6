package dev.brisk.openapi;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Describes an operation of an annotated controller (Spring MVC or JAX-RS) in the OpenAPI document: what the method
 * and its Java types cannot say. Every element is optional; empty ones leave the generated values.
 *
 * <pre>{@code
 * @GetMapping("/pets/{id}")
 * @OperationDoc(summary = "Find a pet", description = "Answers 404 when there is none.")
 * public Pet pet(@PathVariable long id) { ... }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface OperationDoc {

    /** A short summary; default none. */
    String summary() default "";

    /** A longer description (CommonMark); default none. */
    String description() default "";

    /** The operation id; default the method's name (made unique with a suffix). */
    String operationId() default "";

    /** The tags; default the controller's simple class name. */
    String[] tags() default {};

    /** The status of the success response; default 0: from {@code @ResponseStatus}, else 204 for void, else 200. */
    int status() default 0;
}
