package dev.brisk.client.internal;

import dev.brisk.client.Form;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.multipart.DefaultHttpDataFactory;
import io.netty.handler.codec.http.multipart.HttpPostRequestEncoder;

import java.nio.charset.StandardCharsets;
import java.util.Map;

/** Encodes a {@link Form} as {@code application/x-www-form-urlencoded} UTF-8 bytes with Netty's encoder. */
final class FormEncoding {

    private FormEncoding() {
    }

    static ByteBuf encode(Form form, ByteBufAllocator allocator) {
        HttpRequest request = new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, "/");
        HttpPostRequestEncoder encoder;
        try {
            encoder = new HttpPostRequestEncoder(new DefaultHttpDataFactory(false), request, false,
                    StandardCharsets.UTF_8, HttpPostRequestEncoder.EncoderMode.HTML5);
        } catch (HttpPostRequestEncoder.ErrorDataEncoderException e) {
            throw new IllegalStateException(e);
        }
        ByteBuf out = null;
        try {
            for (Map.Entry<String, String> field : form.fields()) {
                encoder.addBodyAttribute(field.getKey(), field.getValue());
            }
            HttpRequest finalized = encoder.finalizeRequest();
            out = allocator.buffer((int) Math.max(0, encoder.length()));
            if (finalized instanceof FullHttpRequest full) {
                out.writeBytes(full.content());
                full.release();
            } else {
                while (!encoder.isEndOfInput()) {
                    HttpContent chunk = encoder.readChunk(allocator);
                    out.writeBytes(chunk.content());
                    chunk.release();
                }
            }
            return out;
        } catch (Exception e) {
            if (out != null) {
                out.release();
            }
            throw new IllegalArgumentException("cannot encode form: " + e.getMessage(), e);
        } finally {
            encoder.cleanFiles();
        }
    }
}
