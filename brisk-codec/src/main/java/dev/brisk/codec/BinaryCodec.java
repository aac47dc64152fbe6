package dev.brisk.codec;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;

import java.lang.reflect.Type;
import java.util.List;

/** {@code byte[]} and {@link ByteBuf} bodies, as any media type (default {@code application/octet-stream}). */
public final class BinaryCodec implements BodyCodec {

    private static final List<MediaType> TYPES = List.of(MediaType.APPLICATION_OCTET_STREAM, MediaType.ALL);

    @Override
    public List<MediaType> mediaTypes() {
        return TYPES;
    }

    @Override
    public boolean canDecode(Type type, MediaType mediaType) {
        return type == byte[].class || type == ByteBuf.class;
    }

    @Override
    public boolean canEncode(Class<?> type, MediaType mediaType) {
        return type == byte[].class || ByteBuf.class.isAssignableFrom(type);
    }

    @Override
    public Object decode(ByteBuf body, Type type, MediaType mediaType) {
        if (type == ByteBuf.class) {
            return body.retainedSlice();
        }
        byte[] bytes = new byte[body.readableBytes()];
        body.getBytes(body.readerIndex(), bytes);
        return bytes;
    }

    @Override
    public ByteBuf encode(Object value, MediaType mediaType, ByteBufAllocator allocator) {
        if (value instanceof ByteBuf buf) {
            return buf;
        }
        byte[] bytes = (byte[]) value;
        return allocator.buffer(bytes.length).writeBytes(bytes);
    }
}
