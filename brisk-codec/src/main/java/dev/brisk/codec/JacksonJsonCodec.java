package dev.brisk.codec;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufInputStream;
import io.netty.buffer.ByteBufOutputStream;
import tools.jackson.core.JacksonException;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.json.JsonMapper;

import java.lang.reflect.Type;

/**
 * JSON with Jackson 3, reading straight from and writing straight into {@link ByteBuf}s. Handles
 * {@code application/json} and every {@code +json} type (e.g. {@code application/problem+json}).
 */
public final class JacksonJsonCodec extends JsonCodec {


    private final JsonMapper mapper;

    /**
     * With a default {@link JsonMapper}, whose buffers come from a recycler per event loop thread (and Jackson's
     * shared pool on other threads).
     */
    public JacksonJsonCodec() {
        this(JsonMapper.builder(JsonFactory.builder().recyclerPool(EventLoopRecyclerPool.INSTANCE).build()).build());
    }

    /** With the application's own mapper. */
    public JacksonJsonCodec(JsonMapper mapper) {
        this.mapper = mapper;
    }

    public JsonMapper mapper() {
        return mapper;
    }


    @Override
    public Object decode(ByteBuf body, Type type, MediaType mediaType) {
        JavaType javaType = mapper.getTypeFactory().constructType(type);
        try {
            if (body.hasArray()) {
                return mapper.readValue(body.array(), body.arrayOffset() + body.readerIndex(), body.readableBytes(),
                        javaType);
            }
            return mapper.readValue((java.io.InputStream) new ByteBufInputStream(body.duplicate()), javaType);
        } catch (JacksonException e) {
            throw new CodecException("malformed JSON for " + javaType.getTypeName() + ": " + e.getOriginalMessage(),
                    e, true);
        }
    }

    @Override
    public Object decode(java.io.InputStream body, Type type, MediaType mediaType) {
        JavaType javaType = mapper.getTypeFactory().constructType(type);
        try {
            return mapper.readValue(body, javaType);
        } catch (JacksonException e) {
            throw new CodecException("malformed JSON for " + javaType.getTypeName() + ": " + e.getOriginalMessage(),
                    e, true);
        }
    }

    @Override
    public ByteBuf encode(Object value, MediaType mediaType, ByteBufAllocator allocator) {
        ByteBuf buffer = allocator.buffer(256);
        try {
            mapper.writeValue((java.io.OutputStream) new ByteBufOutputStream(buffer), value);
            return buffer;
        } catch (JacksonException e) {
            buffer.release();
            throw new CodecException("cannot write " + value.getClass().getName() + " as JSON: "
                    + e.getOriginalMessage(), e, false);
        }
    }
}
