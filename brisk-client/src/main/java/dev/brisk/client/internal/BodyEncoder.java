package dev.brisk.client.internal;

import dev.brisk.client.Form;
import dev.brisk.client.Multipart;
import dev.brisk.client.internal.exchange.RequestBody;
import dev.brisk.codec.BodyCodec;
import dev.brisk.codec.CodecException;
import dev.brisk.codec.Codecs;
import dev.brisk.codec.MediaType;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Turns a body object into a {@link RequestBody}, setting {@code Content-Type} when the request has none. */
final class BodyEncoder {

    private static final String OCTET_STREAM = MediaType.APPLICATION_OCTET_STREAM.toString();
    private static final String TEXT_UTF8 = "text/plain; charset=utf-8";
    private static final String JSON = MediaType.APPLICATION_JSON.toString();
    private static final MediaType FORM_URLENCODED = MediaType.of("application", "x-www-form-urlencoded");

    private final Codecs codecs;
    private final ByteBufAllocator allocator;

    BodyEncoder(Codecs codecs, ByteBufAllocator allocator) {
        this.codecs = codecs;
        this.allocator = allocator;
    }

    /**
     * Encodes {@code body}; on failure a {@link ByteBuf} body is released.
     *
     * @throws CodecException when no codec can write the body as the content type
     */
    RequestBody encode(Object body, HttpHeaders headers) {
        if (body == null) {
            return RequestBody.EMPTY;
        }
        String contentType = headers.get(HttpHeaderNames.CONTENT_TYPE);
        if (body instanceof ByteBuf buffer) {
            defaultType(headers, contentType, OCTET_STREAM);
            return RequestBody.of(buffer);
        }
        if (body instanceof byte[] bytes) {
            defaultType(headers, contentType, OCTET_STREAM);
            return RequestBody.of(allocator.buffer(bytes.length).writeBytes(bytes));
        }
        if (body instanceof CharSequence text) {
            defaultType(headers, contentType, TEXT_UTF8);
            return RequestBody.of(text(text, contentType));
        }
        if (body instanceof Path path) {
            return file(path, headers, contentType);
        }
        if (body instanceof File file) {
            return file(file.toPath(), headers, contentType);
        }
        if (body instanceof Multipart multipart) {
            requireType(contentType, MediaType.MULTIPART_FORM_DATA, "Multipart");
            // the boundary is added by each sending, which picks its own
            defaultType(headers, contentType, MediaType.MULTIPART_FORM_DATA.toString());
            return MultipartBody.of(multipart);
        }
        if (body instanceof Form form) {
            requireType(contentType, FORM_URLENCODED, "Form");
            defaultType(headers, contentType, FORM_URLENCODED.toString());
            return RequestBody.of(FormEncoding.encode(form, allocator));
        }
        if (body instanceof InputStream stream) {
            defaultType(headers, contentType, OCTET_STREAM);
            return RequestBody.of(stream);
        }
        MediaType mediaType = contentType == null ? MediaType.APPLICATION_JSON : MediaType.parse(contentType);
        BodyCodec codec = codecs.encoder(body.getClass(), mediaType).orElseThrow(() -> new CodecException(
                "no codec writes " + body.getClass().getName() + " as " + mediaType, null, false));
        ByteBuf encoded = codec.encode(body, mediaType, allocator);
        defaultType(headers, contentType, JSON);
        return RequestBody.of(encoded);
    }

    private ByteBuf text(CharSequence text, String contentType) {
        Charset charset = contentType == null ? StandardCharsets.UTF_8 : charset(contentType);
        if (charset.equals(StandardCharsets.UTF_8)) {
            return ByteBufUtil.writeUtf8(allocator, text);
        }
        return ByteBufUtil.encodeString(allocator, CharBuffer.wrap(text), charset);
    }

    private static Charset charset(String contentType) {
        try {
            return MediaType.parse(contentType).charsetOrUtf8();
        } catch (RuntimeException e) {
            return StandardCharsets.UTF_8;
        }
    }

    private static RequestBody file(Path path, HttpHeaders headers, String contentType) {
        try {
            long size = Files.size(path);
            defaultType(headers, contentType, OCTET_STREAM);
            return RequestBody.of(path, size);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read request body file " + path + ": " + e.getMessage(), e);
        }
    }

    /** A content type set on the request must be the one the body is sent as (parameters aside). */
    private static void requireType(String contentType, MediaType required, String bodyType) {
        if (contentType == null) {
            return;
        }
        MediaType given;
        try {
            given = MediaType.parse(contentType);
        } catch (RuntimeException e) {
            given = null;
        }
        if (given == null || !given.equalsTypeAndSubtype(required)) {
            throw new IllegalArgumentException("Content-Type \"" + contentType + "\" conflicts with the " + bodyType
                    + " body, which is sent as " + required + ": set " + required + " or no Content-Type");
        }
    }

    private static void defaultType(HttpHeaders headers, String contentType, String type) {
        if (contentType == null) {
            headers.set(HttpHeaderNames.CONTENT_TYPE, type);
        }
    }
}
