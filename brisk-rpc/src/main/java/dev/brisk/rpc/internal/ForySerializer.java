package dev.brisk.rpc.internal;

import dev.brisk.rpc.TypeNotAllowedException;
import dev.brisk.rpc.UnknownEnumConstants;
import dev.brisk.rpc.spi.AllowedTypes;
import dev.brisk.rpc.spi.Serializer;
import io.netty.buffer.ByteBuf;
import org.apache.fory.Fory;
import org.apache.fory.ThreadSafeFory;
import org.apache.fory.config.CompatibleMode;
import org.apache.fory.config.Language;
import org.apache.fory.memory.MemoryBuffer;
import org.apache.fory.resolver.TypeResolver;

import java.lang.reflect.Type;

/**
 * The default serializer: Apache Fory in Java mode, compatible (fields may be added or removed on either side), class
 * names on the wire, read only when {@link AllowedTypes} allows them: a Fory {@code TypeChecker} consulted once per class
 * name (Fory caches the answer) refuses every other class before it is loaded or created. The JDK types Fory knows by
 * id (strings, boxed numbers, the common collections and maps) are not named on the wire; what they hold is checked
 * like everything else, and the value read must fit the declared type.
 * Enum constants this side lacks read as {@link EnumRules} say ({@link ForyEnumSerializer}).
 * Writing goes through a per-thread growable heap buffer copied once into the outgoing frame; reading works on the
 * received buffer's own memory (its array, or the address of a direct buffer), without a copy.
 */
public final class ForySerializer implements Serializer, EnumTolerant {

    private static final int KEPT_BUFFER_SIZE = 64 * 1024;
    private static final ThreadLocal<MemoryBuffer> BUFFERS = ThreadLocal.withInitial(() -> MemoryBuffer.newHeapBuffer(512));

    private final ThreadSafeFory fory;
    private final EnumRules enumRules = new EnumRules();
    private volatile AllowedTypes allowed = AllowedTypes.jdkValues();

    /** {@code fory}. */
    @Override
    public String name() {
        return "fory";
    }

    public ForySerializer() {
        this(ForySerializer.class.getClassLoader());
    }

    /** A serializer that loads the classes it reads through {@code classLoader}. */
    public ForySerializer(ClassLoader classLoader) {
        this.fory = Fory.builder()
                .withClassLoader(classLoader)
                .withLanguage(Language.JAVA)
                .withCompatibleMode(CompatibleMode.COMPATIBLE)
                .requireClassRegistration(false)
                .suppressClassRegistrationWarnings(true)
                .withRefTracking(false)
                .withSerializerFactory((resolver, type) -> Enum.class.isAssignableFrom(type) && type != Enum.class
                        ? new ForyEnumSerializer(resolver.getConfig(), type, enumRules) : null)
                .buildThreadSafeFory();
        this.fory.setTypeChecker(this::check);
    }

    private boolean check(TypeResolver resolver, String className) {
        if (!allowed.allows(className)) {
            throw new TypeNotAllowedException(className);
        }
        return true;
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

    @Override
    public void write(ByteBuf out, Object value) {
        MemoryBuffer buffer = BUFFERS.get();
        buffer.writerIndex(0);
        fory.serialize(buffer, value);
        int size = buffer.writerIndex();
        out.writeBytes(buffer.getHeapMemory(), 0, size);
        if (buffer.size() > KEPT_BUFFER_SIZE) {
            BUFFERS.set(MemoryBuffer.newHeapBuffer(512));
        }
    }

    @Override
    public Object read(ByteBuf in, Type type) {
        int start = in.readerIndex();
        int length = in.readableBytes();
        MemoryBuffer buffer;
        if (in.hasArray()) {
            buffer = MemoryBuffer.fromByteArray(in.array(), in.arrayOffset() + start, length);
        } else if (in.nioBufferCount() == 1) {
            buffer = MemoryBuffer.fromByteBuffer(in.nioBuffer(start, length));
        } else {
            byte[] copy = new byte[length];
            in.getBytes(start, copy);
            buffer = MemoryBuffer.fromByteArray(copy);
        }
        Object value;
        try {
            value = fory.deserialize(buffer);
        } catch (RuntimeException e) {
            throw Refusals.unwrap(e);
        }
        in.readerIndex(start + buffer.readerIndex());
        if (value != null) {
            DeclaredType.check(type, value.getClass());
        }
        return value;
    }
}
