package dev.brisk.rpc.internal;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Registration;
import com.esotericsoftware.kryo.io.Output;
import com.esotericsoftware.kryo.serializers.DefaultSerializers;
import com.esotericsoftware.kryo.serializers.ImmutableCollectionsSerializers;
import com.esotericsoftware.kryo.util.DefaultInstantiatorStrategy;
import com.esotericsoftware.kryo.util.Pool;
import com.esotericsoftware.kryo.SerializerFactory;
import dev.brisk.rpc.UnknownEnumConstants;
import dev.brisk.rpc.spi.AllowedTypes;
import dev.brisk.rpc.spi.Serializer;
import io.netty.buffer.ByteBuf;
import org.objenesis.strategy.StdInstantiatorStrategy;

import java.lang.reflect.Type;
import java.util.UUID;

/**
 * Kryo 5 ({@code com.esotericsoftware:kryo}, an optional dependency): class names written with each value, no
 * reference tracking, records and the JDK's immutable collections supported. Only classes that {@link AllowedTypes}
 * allows are read or written ({@link CheckedClassResolver}), the value read must fit the declared type (checked on its
 * class name, before it is created), and sizes declared in the frame are checked against what it holds before anything
 * is allocated ({@link BoundedInput}); enum constants this side lacks read as {@link EnumRules} say
 * ({@link KryoEnumSerializer}). Kryo instances are not thread-safe, so each call borrows one from a pool.
 * Writing goes through the borrowed instance's growable buffer, copied once into the frame; reading works on the
 * frame's array when it has one.
 */
public final class KryoSerializer implements Serializer, EnumTolerant {

    private static final int KEPT_BUFFER_SIZE = 64 * 1024;

    private final Pool<Kryo> kryos;
    private final Pool<Output> outputs;
    private final ClassLoader classLoader;
    private final EnumRules enumRules = new EnumRules();
    private volatile AllowedTypes allowed = AllowedTypes.jdkValues();

    public KryoSerializer() {
        this(KryoSerializer.class.getClassLoader());
    }

    /** A serializer that loads the classes it reads through {@code classLoader}. */
    public KryoSerializer(ClassLoader classLoader) {
        this.classLoader = classLoader;
        this.kryos = new Pool<>(true, false, 64) {
            @Override
            protected Kryo create() {
                return newKryo();
            }
        };
        this.outputs = new Pool<>(true, false, 64) {
            @Override
            protected Output create() {
                return new Output(512, -1);
            }
        };
    }

    private Kryo newKryo() {
        Kryo kryo = new Kryo(new CheckedClassResolver(() -> allowed), null);
        kryo.setRegistrationRequired(false);
        kryo.setAutoReset(false);
        kryo.setReferences(false);
        kryo.setClassLoader(classLoader);
        kryo.setInstantiatorStrategy(new DefaultInstantiatorStrategy(new StdInstantiatorStrategy()));
        ImmutableCollectionsSerializers.addDefaultSerializers(kryo);
        kryo.addDefaultSerializer(UUID.class, new DefaultSerializers.UUIDSerializer());
        kryo.addDefaultSerializer(Enum.class, new SerializerFactory.BaseSerializerFactory<KryoEnumSerializer>() {
            @Override
            @SuppressWarnings("rawtypes")
            public KryoEnumSerializer newSerializer(Kryo kryo, Class type) {
                return new KryoEnumSerializer(type, enumRules);
            }
        });
        return kryo;
    }

    /** Adds {@code types} to the classes read (calls accumulate: a client prepares once per service it proxies). */
    @Override
    public synchronized void prepare(AllowedTypes types) {
        EnumRules.check(types.classes());
        allowed = allowed.with(types);
    }

    @Override
    public void unknownEnumConstants(UnknownEnumConstants rule) {
        enumRules.rule(rule);
    }

    /** {@code kryo}. */
    @Override
    public String name() {
        return "kryo";
    }

    @Override
    public void write(ByteBuf out, Object value) {
        Kryo kryo = kryos.obtain();
        Output output = outputs.obtain();
        try {
            output.reset();
            kryo.writeClassAndObject(output, value);
            out.writeBytes(output.getBuffer(), 0, output.position());
        } finally {
            kryo.reset();
            kryos.free(kryo);
            if (output.getBuffer().length > KEPT_BUFFER_SIZE) {
                output.setBuffer(new byte[512], -1);
            }
            outputs.free(output);
        }
    }

    @Override
    public Object read(ByteBuf in, Type type) {
        int readable = in.readableBytes();
        BoundedInput input;
        if (in.hasArray()) {
            input = new BoundedInput(in.array(), in.arrayOffset() + in.readerIndex(), readable);
        } else {
            byte[] copy = new byte[readable];
            in.getBytes(in.readerIndex(), copy);
            input = new BoundedInput(copy, 0, readable);
        }
        int start = input.position();
        Kryo kryo = kryos.obtain();
        try {
            Registration registration = kryo.readClass(input);
            Object value = null;
            if (registration != null) {
                Class<?> valueType = registration.getType();
                DeclaredType.check(type, valueType);
                value = kryo.readObject(input, valueType, registration.getSerializer());
            }
            in.skipBytes(input.position() - start);
            return value;
        } catch (RuntimeException e) {
            throw Refusals.unwrap(e);
        } finally {
            kryo.reset();
            kryos.free(kryo);
        }
    }
}
