package dev.brisk.rpc;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks the enum constant that constants unknown to this side read as: a newer peer may send a constant its enum
 * gained since, which this version of the enum lacks.
 *
 * <pre>{@code
 * public enum Status { ACTIVE, BLOCKED, @EnumFallback UNKNOWN }
 * }</pre>
 *
 * At most one constant of an enum may carry it; it takes precedence over {@link UnknownEnumConstants}. Brisk's Fory and
 * Kryo serializers and the HTTP/JSON face honour it; Protobuf enums follow Protobuf's own rules.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
public @interface EnumFallback {
}
