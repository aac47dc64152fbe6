package dev.brisk.benchmarks.rpc.serialization;

import java.util.List;
import java.util.function.Function;

/** The serializers of the comparison, by name. */
enum ModelCodecs {

    FORY(ForyCodec::new),
    KRYO(KryoCodec::new),
    JACKSON(JacksonCodec::new);

    private final Function<Class<?>, ModelCodec> factory;

    ModelCodecs(Function<Class<?>, ModelCodec> factory) {
        this.factory = factory;
    }

    /** A new codec of this serializer for values of {@code type} ({@code User} or {@code Page}). */
    ModelCodec forType(Class<?> type) {
        return factory.apply(type);
    }

    static List<ModelCodecs> all() {
        return List.of(values());
    }
}
