package dev.brisk.spring.boot.rpc;

import org.springframework.beans.factory.annotation.Qualifier;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Injects the RPC proxy of a service interface, made by the application's {@code RpcClient}, into a constructor or
 * method parameter (a {@code @Bean} method's included) or a field:
 *
 * <pre>{@code
 * @Service
 * class Checkout {
 *     Checkout(@RpcReference UserService users) { ... }
 * }
 * }</pre>
 *
 * At start-up every injection point so marked makes one bean of its interface type, the client's proxy, shared by
 * all of them. That bean is injected only where {@code @RpcReference} asks for it (it is a qualifier), so an
 * application that also has a local implementation of the interface keeps getting it everywhere else. A field needs
 * no {@code @Autowired}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.PARAMETER})
@Qualifier
public @interface RpcReference {
}
