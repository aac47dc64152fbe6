package dev.brisk.rpc.internal;

import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.Registration;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.serializers.CollectionSerializer;
import com.esotericsoftware.kryo.serializers.MapSerializer;
import com.esotericsoftware.kryo.util.DefaultClassResolver;
import dev.brisk.rpc.spi.AllowedTypes;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.lang.reflect.Modifier;
import java.util.function.Supplier;

/**
 * Kryo's class resolver that lets a class be used, by name on the wire as before, only when {@link AllowedTypes}
 * allows it: the check runs when Kryo first meets the class (once per class and Kryo instance), after the name was
 * resolved without initializing the class and before any serializer creates an object. Arrays, collections and maps
 * get their element count checked against the frame ({@link BoundedInput}).
 */
final class CheckedClassResolver extends DefaultClassResolver {

    private final Supplier<AllowedTypes> allowed;

    CheckedClassResolver(Supplier<AllowedTypes> allowed) {
        this.allowed = allowed;
    }

    @Override
    @SuppressWarnings({"rawtypes", "unchecked"})
    public Registration registerImplicit(Class type) {
        allowed.get().check(type);
        if (!concrete(type)) {
            // a declared interface (Map, List) is allowed as a declared type, but a value is never of it
            throw new KryoException("class " + type.getName() + " is not a class a value can have: it is an interface"
                    + " or abstract");
        }
        Serializer serializer = kryo.getDefaultSerializer(type);
        if (type.isArray() || serializer instanceof CollectionSerializer || serializer instanceof MapSerializer) {
            serializer = new CountChecked<>(serializer);
        }
        return register(new Registration(type, serializer, NAME));
    }

    /** Whether a value can be of {@code type}: arrays, enums (whose constants may be abstract) and concrete classes. */
    private static boolean concrete(Class<?> type) {
        return type.isArray() || type.isEnum() || type.isPrimitive()
                || !type.isInterface() && !Modifier.isAbstract(type.getModifiers());
    }

    /** A serializer whose value starts with its element count, which {@link BoundedInput} checks. */
    private static final class CountChecked<T> extends Serializer<T> {

        private final Serializer<T> delegate;

        CountChecked(Serializer<T> delegate) {
            super(delegate.getAcceptsNull(), delegate.isImmutable());
            this.delegate = delegate;
        }

        @Override
        public void write(Kryo kryo, Output output, T object) {
            delegate.write(kryo, output, object);
        }

        @Override
        public T read(Kryo kryo, Input input,
                      Class<? extends T> type) {
            if (!(input instanceof BoundedInput bounded)) {
                return delegate.read(kryo, input, type);
            }
            bounded.expectCount();
            try {
                return delegate.read(kryo, input, type);
            } finally {
                bounded.clearExpectedCount();
            }
        }

        @Override
        public T copy(Kryo kryo, T original) {
            return delegate.copy(kryo, original);
        }
    }
}
