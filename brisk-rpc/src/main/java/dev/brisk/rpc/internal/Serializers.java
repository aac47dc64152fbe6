package dev.brisk.rpc.internal;

import dev.brisk.rpc.spi.Serializer;

import java.util.ServiceLoader;

/** Serializers by name: Brisk's own ({@code fory}, {@code kryo}, {@code protobuf}), then any found by ServiceLoader. */
public final class Serializers {

    private Serializers() {
    }

    /** The serializer called {@code name}; fails naming the missing library or the known names. */
    public static Serializer named(String name) {
        switch (name) {
            case "fory":
                return new ForySerializer();
            case "kryo":
                require("com.esotericsoftware.kryo.Kryo", "com.esotericsoftware:kryo");
                return new KryoSerializer();
            case "protobuf":
                require("com.google.protobuf.Message", "com.google.protobuf:protobuf-java");
                return new ProtobufSerializer();
            default:
                for (Serializer serializer : ServiceLoader.load(Serializer.class)) {
                    if (serializer.name().equals(name)) {
                        return serializer;
                    }
                }
                throw new IllegalArgumentException("no serializer named '" + name + "': fory, kryo, protobuf, or one"
                        + " registered as a java.util.ServiceLoader provider of " + Serializer.class.getName());
        }
    }

    private static void require(String type, String artifact) {
        try {
            Class.forName(type, false, Serializers.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            throw new IllegalStateException("the serializer needs the dependency " + artifact, e);
        }
    }
}
