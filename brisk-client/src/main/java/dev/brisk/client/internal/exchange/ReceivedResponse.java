package dev.brisk.client.internal.exchange;

import dev.brisk.client.DecodeAdvice;
import dev.brisk.client.HttpRequest;
import dev.brisk.client.HttpResponse;
import dev.brisk.client.TypeRef;
import dev.brisk.codec.BodyCodec;
import dev.brisk.codec.CodecException;
import dev.brisk.codec.Codecs;
import dev.brisk.codec.MediaType;
import dev.brisk.http.common.Headers;
import dev.brisk.http.common.Protocol;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;

import java.lang.reflect.Type;
import java.net.URI;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** A response received in full; the body lives in a heap array. */
public final class ReceivedResponse implements HttpResponse {

    private final int status;
    private final Protocol protocol;
    private final HttpHeaders headers;
    private final HttpHeaders trailers;
    private final HttpRequest request;
    private final Codecs codecs;
    private byte[] body;
    private final int length;
    private DecodeAdvice[] decodeAdvices;

    public ReceivedResponse(int status, Protocol protocol, HttpHeaders headers, HttpHeaders trailers, byte[] body,
                     int length, HttpRequest request, Codecs codecs) {
        this.status = status;
        this.protocol = protocol;
        this.headers = headers;
        this.trailers = trailers;
        this.body = body;
        this.length = length;
        this.request = request;
        this.codecs = codecs;
    }

    @Override
    public int status() {
        return status;
    }

    @Override
    public Protocol protocol() {
        return protocol;
    }

    @Override
    public Headers headers() {
        return NettyHeaders.readOnly(headers);
    }

    @Override
    public URI uri() {
        return request.uri();
    }

    @Override
    public HttpRequest request() {
        return request;
    }

    @Override
    public byte[] bodyAsBytes() {
        byte[] b = body;
        if (b.length != length) {
            b = Arrays.copyOf(b, length);
            body = b;
        }
        return b;
    }

    @Override
    public String bodyAsString() {
        return new String(body, 0, length, charset());
    }

    @Override
    public <T> T bodyAs(Class<T> type) {
        @SuppressWarnings("unchecked")
        T value = (T) bodyAs((Type) type);
        return value;
    }

    @Override
    public <T> T bodyAs(TypeRef<T> type) {
        @SuppressWarnings("unchecked")
        T value = (T) bodyAs(type.type());
        return value;
    }

    @Override
    public Object bodyAs(Type type) {
        DecodeAdvice[] advices = decodeAdvices;
        if (advices != null) {
            return new DecodeRun(this, type, advices).decode();
        }
        return decode(type);
    }

    /** Decodes the received body with the codecs alone. */
    Object decode(Type type) {
        if (type == String.class) {
            return bodyAsString();
        }
        if (type == byte[].class) {
            return bodyAsBytes();
        }
        return decode(type, body, length);
    }

    /** Decodes the first {@code count} of {@code bytes} as this response's body, with the codecs alone. */
    Object decode(Type type, byte[] bytes, int count) {
        if (type == String.class) {
            return new String(bytes, 0, count, charset());
        }
        if (type == byte[].class) {
            return count == bytes.length ? bytes : Arrays.copyOf(bytes, count);
        }
        MediaType mediaType = mediaType();
        BodyCodec codec = codecs.decoder(type, mediaType).orElseThrow(() -> new CodecException(
                "no codec reads " + mediaType + " into " + type.getTypeName() + " (response from " + uri() + ")",
                null, true));
        return codec.decode(Unpooled.wrappedBuffer(bytes, 0, count), type, mediaType);
    }

    /** Runs {@code bodyAs} through {@code advices} ({@code null} for none); set before the response is handed out. */
    public void decodeAdvices(DecodeAdvice[] advices) {
        this.decodeAdvices = advices;
    }

    @Override
    public Headers trailers() {
        return NettyHeaders.readOnly(trailers);
    }

    private MediaType mediaType() {
        String contentType = headers.get(HttpHeaderNames.CONTENT_TYPE);
        if (contentType == null) {
            return MediaType.APPLICATION_JSON;
        }
        try {
            return MediaType.parse(contentType);
        } catch (IllegalArgumentException e) {
            return MediaType.APPLICATION_OCTET_STREAM;
        }
    }

    private Charset charset() {
        String contentType = headers.get(HttpHeaderNames.CONTENT_TYPE);
        if (contentType == null) {
            return StandardCharsets.UTF_8;
        }
        try {
            return MediaType.parse(contentType).charsetOrUtf8();
        } catch (RuntimeException e) {
            return StandardCharsets.UTF_8;
        }
    }

    @Override
    public String toString() {
        return "HttpResponse[" + status + " " + request.method() + " " + request.uri() + ", " + length + " bytes]";
    }
}
