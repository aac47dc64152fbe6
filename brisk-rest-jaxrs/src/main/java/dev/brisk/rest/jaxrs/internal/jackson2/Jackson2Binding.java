package dev.brisk.rest.jaxrs.internal.jackson2;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import dev.brisk.rest.jaxrs.internal.JsonBinding;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.reflect.Type;

/**
 * JSON through a Jackson 2 mapper, failing as Jackson 3's bindings fail. As Jersey's Jackson provider reads, content
 * after the value is an error whatever the mapper says ({@code FAIL_ON_TRAILING_TOKENS}).
 */
final class Jackson2Binding extends JsonBinding {

    private final ObjectMapper mapper;
    private final ObjectReader reader;

    Jackson2Binding(ObjectMapper mapper) {
        this.mapper = mapper;
        this.reader = mapper.reader().with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    }

    @Override
    public Object read(InputStream body, Type type) {
        JavaType javaType = mapper.getTypeFactory().constructType(type);
        try {
            return reader.forType(javaType).readValue(body);
        } catch (IOException e) {
            throw Jackson2ReadErrors.of(e, javaType);
        }
    }

    @Override
    protected Object read(byte[] bytes, int offset, int length, Type type) {
        JavaType javaType = mapper.getTypeFactory().constructType(type);
        try {
            return reader.forType(javaType).readValue(bytes, offset, length);
        } catch (IOException e) {
            throw Jackson2ReadErrors.of(e, javaType);
        }
    }

    @Override
    protected void write(Object value, OutputStream out) {
        try {
            mapper.writeValue(out, value);
        } catch (IOException e) {
            throw writeFailure(value, e instanceof JsonProcessingException json ? json.getOriginalMessage()
                    : e.getMessage(), e);
        }
    }
}
