package dev.brisk.benchmarks.rpc.serialization;

import dev.brisk.benchmarks.rpc.Page;
import dev.brisk.benchmarks.rpc.User;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.ObjectReader;
import tools.jackson.databind.ObjectWriter;
import tools.jackson.databind.json.JsonMapper;

import java.io.ByteArrayOutputStream;

/**
 * Jackson 3 JSON with its defaults (java.time as ISO-8601 text), reader and writer bound to the type once, into a
 * reused byte array stream.
 */
final class JacksonCodec implements ModelCodec {

    private final ObjectReader reader;
    private final ObjectWriter writer;
    private final Bytes bytes = new Bytes();

    JacksonCodec(Class<?> type) {
        JsonMapper mapper = JsonMapper.builder().build();
        JavaType javaType = type == Page.class
                ? mapper.getTypeFactory().constructParametricType(Page.class, User.class)
                : mapper.constructType(type);
        reader = mapper.readerFor(javaType);
        writer = mapper.writerFor(javaType);
    }

    @Override
    public void write(Object value) {
        bytes.reset();
        writer.writeValue(bytes, value);
    }

    @Override
    public Object read() {
        return reader.readValue(bytes.array(), 0, bytes.size());
    }

    @Override
    public int size() {
        return bytes.size();
    }

    /** A byte array stream whose array is read in place. */
    private static final class Bytes extends ByteArrayOutputStream {

        Bytes() {
            super(4096);
        }

        byte[] array() {
            return buf;
        }
    }
}
