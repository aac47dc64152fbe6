package dev.brisk.rpc.internal;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import com.esotericsoftware.kryo.serializers.DefaultSerializers;
import com.esotericsoftware.kryo.serializers.ImmutableSerializer;

/**
 * Kryo's enum format (the ordinal plus one, 0 for {@code null}), written by Kryo's own serializer, read the same way
 * except that an ordinal the enum lacks reads as {@link EnumRules} say.
 */
final class KryoEnumSerializer extends ImmutableSerializer<Enum<?>> {

    private final DefaultSerializers.EnumSerializer kryo;
    private final EnumRules rules;
    private final Class<?> enumClass;
    private final Object[] constants;

    @SuppressWarnings({"unchecked", "rawtypes"})
    KryoEnumSerializer(Class<?> type, EnumRules rules) {
        this.enumClass = EnumRules.enumClass(type);
        this.kryo = new DefaultSerializers.EnumSerializer((Class) enumClass);
        this.rules = rules;
        this.constants = enumClass.getEnumConstants();
        setAcceptsNull(true);
    }

    @Override
    public void write(Kryo kryo, Output output, Enum<?> value) {
        this.kryo.write(kryo, output, value);
    }

    @Override
    public Enum<?> read(Kryo kryo, Input input, Class<? extends Enum<?>> type) {
        int ordinal = input.readVarInt(true);
        if (ordinal == 0) {
            return null;
        }
        ordinal--;
        if (ordinal < 0) {
            throw new KryoException("invalid ordinal " + ordinal + " for " + enumClass.getName());
        }
        if (ordinal < constants.length) {
            return (Enum<?>) constants[ordinal];
        }
        return (Enum<?>) rules.unknown(enumClass, "with ordinal " + ordinal);
    }
}
