package dev.brisk.rpc.trust;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Output;
import com.esotericsoftware.kryo.serializers.ImmutableCollectionsSerializers;
import com.esotericsoftware.kryo.util.DefaultInstantiatorStrategy;
import org.apache.fory.Fory;
import org.apache.fory.config.CompatibleMode;
import org.apache.fory.config.Language;
import org.objenesis.strategy.StdInstantiatorStrategy;

/** Payload bytes as an attacker makes them: the format's own library, configured like Brisk's, without restrictions. */
final class Attacker {

    private Attacker() {
    }

    static byte[] payload(String serializer, Object value) {
        return switch (serializer) {
            case "fory" -> fory().serialize(value);
            case "kryo" -> {
                Output output = new Output(256, -1);
                kryo().writeClassAndObject(output, value);
                yield output.toBytes();
            }
            default -> throw new IllegalArgumentException(serializer);
        };
    }

    /** A Kryo value that names {@code className} on the wire (as Kryo writes an unregistered class), then junk. */
    static byte[] kryoNamed(String className) {
        Output output = new Output(64, -1);
        output.writeVarInt(1, true);   // a class written by name
        output.writeVarInt(0, true);   // its name id in this graph
        output.writeString(className);
        output.writeBytes(new byte[] {1, 2, 3, 4, 5, 6, 7, 8});
        return output.toBytes();
    }

    static Fory fory() {
        return Fory.builder().withLanguage(Language.JAVA).withCompatibleMode(CompatibleMode.COMPATIBLE)
                .requireClassRegistration(false).suppressClassRegistrationWarnings(true).withRefTracking(false)
                .build();
    }

    static Kryo kryo() {
        Kryo kryo = new Kryo();
        kryo.setRegistrationRequired(false);
        kryo.setReferences(false);
        kryo.setInstantiatorStrategy(new DefaultInstantiatorStrategy(new StdInstantiatorStrategy()));
        ImmutableCollectionsSerializers.addDefaultSerializers(kryo);
        return kryo;
    }
}
