package dev.brisk.rpc.internal;

import org.apache.fory.config.Config;
import org.apache.fory.context.ReadContext;
import org.apache.fory.context.WriteContext;
import org.apache.fory.serializer.EnumSerializer;
import org.apache.fory.serializer.ImmutableSerializer;

/**
 * Fory's enum format, written by Fory's own serializer, read by it too, except that a constant the enum lacks (Fory
 * throws for it after consuming its bytes) reads as {@link EnumRules} say. Not an {@link EnumSerializer} itself, so
 * Fory's generated code calls it like any serializer instead of reading the enum inline.
 */
final class ForyEnumSerializer extends ImmutableSerializer<Enum<?>> {

    private final EnumSerializer fory;
    private final EnumRules rules;
    private final Class<?> enumClass;

    @SuppressWarnings({"unchecked", "rawtypes"})
    ForyEnumSerializer(Config config, Class<?> type, EnumRules rules) {
        super(config, (Class) type);
        this.fory = new EnumSerializer(config, (Class) type);
        this.rules = rules;
        this.enumClass = EnumRules.enumClass(type);
    }

    @Override
    public void write(WriteContext context, Enum<?> value) {
        fory.write(context, value);
    }

    @Override
    public Enum<?> read(ReadContext context) {
        try {
            return fory.read(context);
        } catch (IllegalArgumentException unknown) {
            return (Enum<?>) rules.unknown(enumClass, "(" + unknown.getMessage() + ")");
        }
    }
}
