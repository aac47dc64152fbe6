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
 *
 * <p>{@link #version()} and {@link #group()} choose the providers the proxy calls, as
 * {@code RpcClient.proxy(type, ref -> ref.version(..).group(..))} does: {@code @RpcReference(version = "[2.0,3.0)")}.
 * Injection points that choose alike share one proxy bean; each choice makes its own.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.PARAMETER})
@Qualifier
public @interface RpcReference {

    /**
     * The provider versions called: one version ({@code 2.1.0}), a range in Maven's notation ({@code [2.0,3.0)},
     * {@code [2.0,)}) or {@code *} for any; empty (the default) for the client's {@code brisk.rpc.client.version}
     * (itself any unless set).
     */
    String version() default "";

    /**
     * The providers' group called, or {@code *} for every group; empty (the default) for the client's
     * {@code brisk.rpc.client.group} (itself providers without a group unless set).
     */
    String group() default "";
}
