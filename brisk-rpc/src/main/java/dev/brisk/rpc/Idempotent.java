package dev.brisk.rpc;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a service method that may run more than once for one call without harm. Only such methods are retried on
 * another provider when a connection is lost or a provider is overloaded; any other method fails with a typed
 * {@link RpcException} instead, so it never runs twice.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Idempotent {
}
