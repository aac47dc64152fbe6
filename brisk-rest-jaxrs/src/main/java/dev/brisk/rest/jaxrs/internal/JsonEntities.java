package dev.brisk.rest.jaxrs.internal;

import dev.brisk.codec.JsonCodec;
import dev.brisk.codec.MediaType;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufInputStream;
import io.netty.buffer.ByteBufOutputStream;
import jakarta.ws.rs.ProcessingException;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.ObjectMapper;

import java.io.InputStream;
import java.io.OutputStream;
import java.lang.reflect.Type;

/**
 * JSON entities of resources, with the mapper {@link JsonMapperResolvers} picks for their type: read straight from
 * and written straight into Netty buffers. A body that does not fit its type is a {@code BadRequestException} whose
 * message says what is wrong in the body's terms ({@link JsonReadErrors}).
 */
final class JsonEntities extends JsonCodec {

    private final JsonMapperResolvers mappers;

    JsonEntities(JsonMapperResolvers mappers) {
        this.mappers = mappers;
    }

    @Override
    public Object decode(ByteBuf body, Type type, MediaType mediaType) {
        ObjectMapper mapper = mappers.mapperFor(GenericTypes.raw(type));
        JavaType javaType = mapper.getTypeFactory().constructType(type);
        try {
            if (body.hasArray()) {
                return mapper.readValue(body.array(), body.arrayOffset() + body.readerIndex(), body.readableBytes(),
                        javaType);
            }
            return mapper.readValue((InputStream) new ByteBufInputStream(body.duplicate()), javaType);
        } catch (JacksonException e) {
            throw JsonReadErrors.of(e, javaType);
        }
    }

    @Override
    public Object decode(InputStream body, Type type, MediaType mediaType) {
        ObjectMapper mapper = mappers.mapperFor(GenericTypes.raw(type));
        JavaType javaType = mapper.getTypeFactory().constructType(type);
        try {
            return mapper.readValue(body, javaType);
        } catch (JacksonException e) {
            throw JsonReadErrors.of(e, javaType);
        }
    }

    @Override
    public ByteBuf encode(Object value, MediaType mediaType, ByteBufAllocator allocator) {
        ObjectMapper mapper = mappers.mapperFor(value.getClass());
        ByteBuf buffer = allocator.buffer(256);
        try {
            mapper.writeValue((OutputStream) new ByteBufOutputStream(buffer), value);
            return buffer;
        } catch (JacksonException e) {
            buffer.release();
            throw new ProcessingException("cannot write " + value.getClass().getName() + " as JSON: "
                    + e.getOriginalMessage(), e);
        }
    }
}
