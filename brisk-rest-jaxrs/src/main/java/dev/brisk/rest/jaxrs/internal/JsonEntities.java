package dev.brisk.rest.jaxrs.internal;

import dev.brisk.codec.JsonCodec;
import dev.brisk.codec.MediaType;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;

import java.io.InputStream;
import java.lang.reflect.Type;

/**
 * JSON entities of resources, each type with the {@link JsonBinding} {@link JsonMapperResolvers} picks for it: read
 * straight from and written straight into Netty buffers. A body that does not fit its type is a
 * {@code BadRequestException} whose message says what is wrong in the body's terms ({@link JsonReadErrors}).
 */
final class JsonEntities extends JsonCodec {

    private final JsonMapperResolvers mappers;

    JsonEntities(JsonMapperResolvers mappers) {
        this.mappers = mappers;
    }

    @Override
    public Object decode(ByteBuf body, Type type, MediaType mediaType) {
        return mappers.bindingFor(GenericTypes.raw(type)).read(body, type);
    }

    @Override
    public Object decode(InputStream body, Type type, MediaType mediaType) {
        return mappers.bindingFor(GenericTypes.raw(type)).read(body, type);
    }

    @Override
    public ByteBuf encode(Object value, MediaType mediaType, ByteBufAllocator allocator) {
        return mappers.bindingFor(value.getClass()).write(value, allocator);
    }
}
