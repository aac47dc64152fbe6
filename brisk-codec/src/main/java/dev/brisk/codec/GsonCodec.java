package dev.brisk.codec;

import com.google.gson.Gson;
import com.google.gson.JsonParseException;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufInputStream;
import io.netty.buffer.ByteBufOutputStream;

import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;

/**
 * JSON with Gson instead of Jackson; needs {@code com.google.code.gson:gson}. Use it with
 * {@code Codecs.builder().json(new GsonCodec())}.
 */
public final class GsonCodec extends JsonCodec {


    private final Gson gson;

    public GsonCodec() {
        this(new Gson());
    }

    public GsonCodec(Gson gson) {
        this.gson = gson;
    }


    @Override
    public Object decode(ByteBuf body, Type type, MediaType mediaType) {
        try {
            return gson.fromJson(new InputStreamReader(new ByteBufInputStream(body.duplicate()),
                    mediaType.charsetOrUtf8()), type);
        } catch (JsonParseException e) {
            throw new CodecException("malformed JSON for " + type.getTypeName() + ": " + e.getMessage(), e, true);
        }
    }

    @Override
    public ByteBuf encode(Object value, MediaType mediaType, ByteBufAllocator allocator) {
        ByteBuf buffer = allocator.buffer(256);
        try (Writer writer = new OutputStreamWriter(new ByteBufOutputStream(buffer), StandardCharsets.UTF_8)) {
            gson.toJson(value, writer);
        } catch (IOException | RuntimeException e) {
            buffer.release();
            throw new CodecException("cannot write " + value.getClass().getName() + " as JSON: " + e.getMessage(), e,
                    false);
        }
        return buffer;
    }
}
