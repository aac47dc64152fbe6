package dev.brisk.rpc.internal;

import dev.brisk.rpc.UnknownEnumConstants;

/** A serializer that reads enum constants its side lacks as {@link EnumRules} say: Brisk's Fory and Kryo ones. */
public interface EnumTolerant {

    /** What constants of enums without a fallback constant read as; {@link UnknownEnumConstants#FAIL} until set. */
    void unknownEnumConstants(UnknownEnumConstants rule);
}
