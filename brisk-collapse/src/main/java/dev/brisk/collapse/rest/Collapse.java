package dev.brisk.collapse.rest;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Collapses the GET route of a controller method (or of every GET method of a controller class): concurrent identical
 * requests run the handler once and each gets a full copy of its response. Honoured when a {@link RouteCollapsing}
 * interceptor is registered on the server; {@link RouteCollapsing.Builder#routes} is the programmatic equivalent.
 *
 * <pre>{@code
 * @GetMapping("/prices/{symbol}") @Collapse
 * public Price price(@PathVariable String symbol) { ... }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface Collapse {

    /** Headers added to the key of this route, beyond the interceptor's key headers (e.g. a tenant header). */
    String[] keyHeaders() default {};
}
