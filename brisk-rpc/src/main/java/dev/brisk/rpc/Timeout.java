package dev.brisk.rpc;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The time limit of one service method, replacing the client's {@code callTimeout} and the server's
 * {@code methodTimeout} for it: the client fails the call with {@link RpcTimeoutException}, the server answers a
 * timeout error and interrupts the method's thread.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Timeout {

    /** The limit in milliseconds; must be positive. */
    long millis();
}
