package dev.brisk.rpc.internal;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.Message;
import com.google.protobuf.MessageLite;
import com.google.protobuf.Parser;
import dev.brisk.rpc.spi.Serializer;
import io.netty.buffer.ByteBuf;

import java.io.IOException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Protocol Buffers ({@code com.google.protobuf:protobuf-java}, an optional dependency) for services whose parameters and
 * results are generated {@link Message} types: each value is an {@code int} length ({@code -1} for {@code null})
 * and the message's bytes, written straight into the frame and parsed from its memory by the declared type's parser
 * (found once per type). {@link #prepare} refuses, at startup, a service exchanging anything else.
 */
public final class ProtobufSerializer implements Serializer {

    private final Map<Class<?>, Parser<?>> parsers = new ConcurrentHashMap<>();

    /** {@code protobuf}. */
    @Override
    public String name() {
        return "protobuf";
    }

    @Override
    public void prepare(Iterable<Class<?>> types) {
        for (Class<?> type : types) {
            if (type != Void.class && !MessageLite.class.isAssignableFrom(type)) {
                throw new IllegalArgumentException("the protobuf serializer carries generated message types only,"
                        + " not " + type.getName());
            }
            if (type != Void.class && type != Message.class && type != MessageLite.class) {
                parser(type);
            }
        }
    }

    @Override
    public void write(ByteBuf out, Object value) {
        if (value == null) {
            out.writeInt(-1);
            return;
        }
        if (!(value instanceof MessageLite message)) {
            throw new IllegalArgumentException("the protobuf serializer carries generated message types only, not "
                    + value.getClass().getName());
        }
        int size = message.getSerializedSize();
        out.writeInt(size);
        out.ensureWritable(size);
        try {
            CodedOutputStream coded = CodedOutputStream.newInstance(out.nioBuffer(out.writerIndex(), size));
            message.writeTo(coded);
            coded.flush();
        } catch (IOException e) {
            throw new IllegalStateException("cannot write " + value.getClass().getName() + ": " + e.getMessage(), e);
        }
        out.writerIndex(out.writerIndex() + size);
    }

    @Override
    public Object read(ByteBuf in, Type type) {
        int size = in.readInt();
        if (size < 0) {
            return null;
        }
        if (size > in.readableBytes()) {
            throw new IllegalArgumentException("message of " + size + " bytes exceeds the frame ("
                    + in.readableBytes() + " bytes left)");
        }
        Class<?> raw = type instanceof ParameterizedType parameterized ? (Class<?>) parameterized.getRawType()
                : (Class<?>) type;
        try {
            Object value = parser(raw).parseFrom(CodedInputStream.newInstance(in.nioBuffer(in.readerIndex(), size)));
            in.skipBytes(size);
            return value;
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + raw.getName() + ": " + e.getMessage(), e);
        }
    }

    private Parser<?> parser(Class<?> type) {
        return parsers.computeIfAbsent(type, t -> {
            if (!MessageLite.class.isAssignableFrom(t)) {
                throw new IllegalArgumentException("the protobuf serializer carries generated message types only,"
                        + " not " + t.getName());
            }
            try {
                MessageLite defaultInstance = (MessageLite) t.getMethod("getDefaultInstance").invoke(null);
                return defaultInstance.getParserForType();
            } catch (ReflectiveOperationException e) {
                throw new IllegalArgumentException("no parser for " + t.getName()
                        + ": declare generated message types, not Message itself", e);
            }
        });
    }
}
