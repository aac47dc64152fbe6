package dev.brisk.rpc.internal.http;

import dev.brisk.rpc.UnknownEnumConstants;
import dev.brisk.rpc.internal.EnumRules;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.deser.DeserializationProblemHandler;

/**
 * Reads a JSON argument's enum constant that the server's enum lacks (by name, or by an index past its end) as the
 * RPC serializers do: the enum's {@code @EnumFallback} constant, else {@code null} when the server's
 * {@code unknownEnumConstants} is {@code NULL}, else Jackson's own failure (a 400).
 */
final class UnknownEnumValues extends DeserializationProblemHandler {

    private final UnknownEnumConstants rule;

    UnknownEnumValues(UnknownEnumConstants rule) {
        this.rule = rule;
    }

    @Override
    public Object handleWeirdStringValue(DeserializationContext context, Class<?> targetType, String value,
                                         String failure) {
        return unknown(targetType);
    }

    @Override
    public Object handleWeirdNumberValue(DeserializationContext context, Class<?> targetType, Number value,
                                         String failure) {
        return unknown(targetType);
    }

    private Object unknown(Class<?> targetType) {
        if (!targetType.isEnum()) {
            return NOT_HANDLED;
        }
        Enum<?> fallback = EnumRules.fallback(targetType);
        if (fallback != null) {
            return fallback;
        }
        return rule == UnknownEnumConstants.NULL ? null : NOT_HANDLED;
    }
}
