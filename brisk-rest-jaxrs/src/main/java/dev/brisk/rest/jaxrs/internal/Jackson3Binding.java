package dev.brisk.rest.jaxrs.internal;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.ObjectMapper;

import java.io.InputStream;
import java.io.OutputStream;
import java.lang.reflect.Type;

/** JSON through a Jackson 3 mapper. */
final class Jackson3Binding extends JsonBinding {

    private final ObjectMapper mapper;

    Jackson3Binding(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    @Override
    public Object read(InputStream body, Type type) {
        JavaType javaType = mapper.getTypeFactory().constructType(type);
        try {
            return mapper.readValue(body, javaType);
        } catch (JacksonException e) {
            throw JsonReadErrors.of(e, javaType);
        }
    }

    @Override
    protected Object read(byte[] bytes, int offset, int length, Type type) {
        JavaType javaType = mapper.getTypeFactory().constructType(type);
        try {
            return mapper.readValue(bytes, offset, length, javaType);
        } catch (JacksonException e) {
            throw JsonReadErrors.of(e, javaType);
        }
    }

    @Override
    protected void write(Object value, OutputStream out) {
        try {
            mapper.writeValue(out, value);
        } catch (JacksonException e) {
            throw writeFailure(value, e.getOriginalMessage(), e);
        }
    }
}
