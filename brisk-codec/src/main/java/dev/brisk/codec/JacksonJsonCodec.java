package dev.brisk.codec;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufInputStream;
import io.netty.buffer.ByteBufOutputStream;
import tools.jackson.core.JacksonException;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.json.JsonMapper;

import java.io.InputStream;
import java.io.OutputStream;
import java.lang.reflect.Type;
import java.util.Objects;

/**
 * JSON with Jackson 3, reading straight from and writing straight into {@link ByteBuf}s. Handles
 * {@code application/json} and every {@code +json} type (e.g. {@code application/problem+json}).
 */
public final class JacksonJsonCodec extends JsonCodec {

    /** Null until the default mapper is first needed; set at construction for the application's own mapper. */
    private volatile JsonMapper mapper;

    /**
     * With a default {@link JsonMapper}, whose buffers come from a recycler per event loop thread (and Jackson's
     * shared pool on other threads). The mapper is built when it is first needed, by the first body this codec
     * encodes or decodes (or by {@link #mapper()}): building it loads and initialises several hundred Jackson
     * classes, a cost a server that answers no JSON yet should not pay while starting.
     */
    public JacksonJsonCodec() {
    }

    /** With the application's own mapper. */
    public JacksonJsonCodec(JsonMapper mapper) {
        this.mapper = Objects.requireNonNull(mapper, "mapper");
    }

    /** The mapper: the application's, or the default one, built on the first call. */
    public JsonMapper mapper() {
        JsonMapper current = mapper;
        if (current == null) {
            synchronized (this) {
                current = mapper;
                if (current == null) {
                    current = JsonMapper.builder(JsonFactory.builder().recyclerPool(EventLoopRecyclerPool.INSTANCE)
                            .build()).build();
                    mapper = current;
                }
            }
        }
        return current;
    }

    @Override
    public Object decode(ByteBuf body, Type type, MediaType mediaType) {
        JsonMapper mapper = mapper();
        JavaType javaType = mapper.getTypeFactory().constructType(type);
        try {
            if (body.hasArray()) {
                return mapper.readValue(body.array(), body.arrayOffset() + body.readerIndex(), body.readableBytes(),
                        javaType);
            }
            return mapper.readValue((InputStream) new ByteBufInputStream(body.duplicate()), javaType);
        } catch (JacksonException e) {
            throw new CodecException("malformed JSON for " + javaType.getTypeName() + ": " + e.getOriginalMessage(),
                    e, true);
        }
    }

    @Override
    public Object decode(InputStream body, Type type, MediaType mediaType) {
        JsonMapper mapper = mapper();
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
        JsonMapper mapper = mapper();
        ByteBuf buffer = allocator.buffer(256);
        try {
            mapper.writeValue((OutputStream) new ByteBufOutputStream(buffer), value);
            return buffer;
        } catch (JacksonException e) {
            buffer.release();
            throw new CodecException("cannot write " + value.getClass().getName() + " as JSON: "
                    + e.getOriginalMessage(), e, false);
        }
    }
}
