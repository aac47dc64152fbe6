package dev.brisk.rpc.spi;

import io.netty.buffer.ByteBuf;

import java.lang.reflect.Type;

/**
 * Turns arguments and results into bytes and back, writing into and reading from Netty buffers directly. One instance
 * serves every connection and thread of a server or client, so implementations are thread-safe. Apache Fory is the
 * default; Kryo and Protobuf come with Brisk (chosen by name: {@code serializer("kryo")}), others plug in here and are
 * found by name through {@link java.util.ServiceLoader}.
 */
public interface Serializer {

    /**
     * The format's name, which client and server compare in their hello: a client whose serializer has another name
     * than the server's is refused at connect. {@code fory}, {@code kryo} and {@code protobuf} are Brisk's; by default
     * the implementation's class name.
     */
    default String name() {
        return getClass().getName();
    }

    /**
     * Called once at startup with every class found in the signatures of the services (parameter and return types,
     * type arguments, component types), before the first call; implementations that register classes do it here.
     */
    default void prepare(Iterable<Class<?>> types) {
    }

    /**
     * Called at startup (and by a client for each service it proxies, adding to what it was given before) with the
     * classes values may be of. A format that names classes on the wire must refuse, before creating an object, any
     * class that {@code allowed} does not {@link AllowedTypes#allows(Class) allow}, with
     * {@link dev.brisk.rpc.TypeNotAllowedException}. By default calls {@link #prepare(Iterable)} with the signature
     * classes ({@link AllowedTypes#declared()}), which suits formats driven by the declared type alone.
     */
    default void prepare(AllowedTypes allowed) {
        prepare(allowed.declared());
    }

    /** Appends {@code value} (possibly {@code null}) to {@code out}. */
    void write(ByteBuf out, Object value);

    /**
     * Reads one value from {@code in}, starting at its reader index and advancing it past the value; {@code type} is the
     * declared type (of a parameter, or the result). A value whose class is not allowed (see
     * {@link #prepare(AllowedTypes)}) or does not fit {@code type} fails with
     * {@link dev.brisk.rpc.TypeNotAllowedException} before it is created.
     */
    Object read(ByteBuf in, Type type);
}
