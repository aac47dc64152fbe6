package dev.brisk.spring.boot.rpc;

import org.springframework.core.annotation.AliasFor;
import org.springframework.stereotype.Component;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Exports a bean to RPC clients: the application's {@code RpcServer} offers it under each interface its class
 * implements (those the class and its superclasses name in their {@code implements} clauses, but the JDK's, Jakarta's
 * and Spring's), or under the interfaces named here. A stereotype, like {@code @Service}, so a scanned class needs no
 * other annotation; on a {@code @Bean} method it exports the bean the method returns.
 *
 * <pre>{@code
 * @RpcProvider
 * class UserServiceImpl implements UserService { ... }
 * }</pre>
 *
 * The server starts once the context is refreshed and the web server is up, and only when at least one bean is
 * exported; on close it unregisters, drains the calls in flight and stops, before the web server shuts down.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
@Component
public @interface RpcProvider {

    /** The interfaces to export the bean under; empty (the default) for every one its class implements. */
    Class<?>[] value() default {};

    /** The bean's name, as {@link Component#value()}; empty for the default name. */
    @AliasFor(annotation = Component.class, attribute = "value")
    String name() default "";
}
