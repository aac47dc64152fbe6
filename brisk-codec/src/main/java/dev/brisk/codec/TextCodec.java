package dev.brisk.codec;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;

import java.lang.reflect.Type;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** {@link String} (and other {@link CharSequence}) bodies as {@code text/*}, in the media type's charset or UTF-8. */
public final class TextCodec implements BodyCodec {

    private static final List<MediaType> TYPES = List.of(MediaType.TEXT_PLAIN, MediaType.parse("text/*"));

    @Override
    public List<MediaType> mediaTypes() {
        return TYPES;
    }

    @Override
    public boolean canDecode(Type type, MediaType mediaType) {
        return type == String.class;
    }

    @Override
    public boolean canEncode(Class<?> type, MediaType mediaType) {
        return CharSequence.class.isAssignableFrom(type)
                && (mediaType.type().equals("text") || mediaType.isWildcardType());
    }

    @Override
    public Object decode(ByteBuf body, Type type, MediaType mediaType) {
        return body.toString(body.readerIndex(), body.readableBytes(), mediaType.charsetOrUtf8());
    }

    @Override
    public ByteBuf encode(Object value, MediaType mediaType, ByteBufAllocator allocator) {
        CharSequence text = (CharSequence) value;
        Charset charset = mediaType.charsetOrUtf8();
        if (charset.equals(StandardCharsets.UTF_8)) {
            return ByteBufUtil.writeUtf8(allocator, text);
        }
        return ByteBufUtil.encodeString(allocator, CharBuffer.wrap(text), charset);
    }
}
