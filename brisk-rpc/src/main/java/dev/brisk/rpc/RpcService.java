package dev.brisk.rpc;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Names a service interface on the wire and in registries. Without it the name is the interface's binary name, so a
 * client and a server whose interfaces live in different packages (or differ between versions) agree by naming both
 * the same.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface RpcService {

    /** The service name; must not be blank. */
    String value();
}
