package dev.brisk.rpc.internal;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import com.esotericsoftware.kryo.serializers.ImmutableCollectionsSerializers;
import com.esotericsoftware.kryo.util.DefaultInstantiatorStrategy;
import com.esotericsoftware.kryo.util.Pool;
import dev.brisk.rpc.spi.Serializer;
import io.netty.buffer.ByteBuf;
import org.objenesis.strategy.StdInstantiatorStrategy;

import java.lang.reflect.Type;

/**
 * Kryo 5 ({@code com.esotericsoftware:kryo}, an optional dependency): class names written with each value
 * (registration not required), no reference tracking, records and the JDK's immutable collections supported. Kryo
 * instances are not thread-safe, so each call borrows one from a pool. Writing goes through the borrowed instance's
 * growable buffer, copied once into the frame; reading works on the frame's array when it has one.
 */
public final class KryoSerializer implements Serializer {

    private static final int KEPT_BUFFER_SIZE = 64 * 1024;

    private final Pool<Kryo> kryos;
    private final Pool<Output> outputs;
    private final ClassLoader classLoader;

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
        Kryo kryo = new Kryo();
        kryo.setRegistrationRequired(false);
        kryo.setReferences(false);
        kryo.setClassLoader(classLoader);
        kryo.setInstantiatorStrategy(new DefaultInstantiatorStrategy(new StdInstantiatorStrategy()));
        ImmutableCollectionsSerializers.addDefaultSerializers(kryo);
        return kryo;
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
        Input input;
        if (in.hasArray()) {
            input = new Input(in.array(), in.arrayOffset() + in.readerIndex(), readable);
        } else {
            byte[] copy = new byte[readable];
            in.getBytes(in.readerIndex(), copy);
            input = new Input(copy);
        }
        int start = input.position();
        Kryo kryo = kryos.obtain();
        try {
            Object value = kryo.readClassAndObject(input);
            in.skipBytes(input.position() - start);
            return value;
        } finally {
            kryos.free(kryo);
        }
    }
}
