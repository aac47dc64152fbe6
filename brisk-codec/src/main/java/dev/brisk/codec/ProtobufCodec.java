package dev.brisk.codec;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.MessageLite;
import com.google.protobuf.Parser;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufInputStream;
import io.netty.buffer.ByteBufOutputStream;

import java.io.IOException;
import java.lang.reflect.Type;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Protocol Buffers messages as {@code application/x-protobuf}, written straight into and read straight from
 * {@link ByteBuf}s. Needs {@code com.google.protobuf:protobuf-java} on the class path; {@link Codecs#defaults()}
 * includes this codec when it is there.
 */
public final class ProtobufCodec implements BodyCodec {

    private static final List<MediaType> TYPES = List.of(MediaType.APPLICATION_PROTOBUF,
            MediaType.parse("application/protobuf"));

    private final ConcurrentMap<Class<?>, Parser<?>> parsers = new ConcurrentHashMap<>();

    @Override
    public List<MediaType> mediaTypes() {
        return TYPES;
    }

    private static boolean isProtobuf(MediaType mediaType) {
        return mediaType.isWildcardType() || TYPES.stream().anyMatch(t -> t.equalsTypeAndSubtype(mediaType));
    }

    @Override
    public boolean canDecode(Type type, MediaType mediaType) {
        return type instanceof Class<?> c && MessageLite.class.isAssignableFrom(c) && isProtobuf(mediaType);
    }

    @Override
    public boolean canEncode(Class<?> type, MediaType mediaType) {
        return MessageLite.class.isAssignableFrom(type) && isProtobuf(mediaType);
    }

    @Override
    public Object decode(ByteBuf body, Type type, MediaType mediaType) {
        Parser<?> parser = parsers.computeIfAbsent((Class<?>) type, ProtobufCodec::parserOf);
        try {
            return parser.parseFrom(new ByteBufInputStream(body.duplicate()));
        } catch (InvalidProtocolBufferException e) {
            throw new CodecException("malformed protobuf for " + ((Class<?>) type).getName() + ": " + e.getMessage(),
                    e, true);
        }
    }

    private static Parser<?> parserOf(Class<?> type) {
        try {
            return (Parser<?>) type.getMethod("parser").invoke(null);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(type.getName() + " has no static parser(): not generated protobuf code?",
                    e);
        }
    }

    @Override
    public ByteBuf encode(Object value, MediaType mediaType, ByteBufAllocator allocator) {
        MessageLite message = (MessageLite) value;
        ByteBuf buffer = allocator.buffer(message.getSerializedSize());
        try {
            message.writeTo(new ByteBufOutputStream(buffer));
            return buffer;
        } catch (IOException e) {
            buffer.release();
            throw new CodecException("cannot write " + (value instanceof Message m ? m.getDescriptorForType()
                    .getFullName() : value.getClass().getName()) + ": " + e.getMessage(), e, false);
        }
    }
}
