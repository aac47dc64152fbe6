package dev.brisk.rest;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Chooses the scheduler of an annotated controller's handlers (on the class) or of one handler (on the method, which
 * wins): {@link Schedulers#IO}, {@link Schedulers#WORKER}, {@link Schedulers#VIRTUAL} or a custom scheduler's name.
 * Works with Spring MVC and JAX-RS controllers alike. Without it a controller's handlers run on
 * {@link BriskOptions#controllerScheduler()}, the worker pool unless configured otherwise; {@code @RunOn(Schedulers.IO)}
 * puts handlers that never block on the event loop.
 * <p>
 * On the class of a {@link Filter} added with {@code filter(...)}, it moves the request onto that scheduler before the
 * filter runs, for filters that block (a servlet filter, an authentication lookup). The rest of the request stays
 * there: routing and route filters run on that thread, and so does a handler whose route uses the same scheduler (or
 * the event loop, which is not re-entered), within the filter's call to {@link FilterChain#proceed}, so thread-bound
 * state the filter sets (a security context) is seen by the handler. Handlers on other schedulers are dispatched
 * there as usual.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface RunOn {

    /** The scheduler name. */
    String value();
}
