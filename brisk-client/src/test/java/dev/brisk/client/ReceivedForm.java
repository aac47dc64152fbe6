package dev.brisk.client;

import dev.brisk.http.ServerRequest;
import dev.brisk.http.common.Protocol;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.multipart.Attribute;
import io.netty.handler.codec.http.multipart.DefaultHttpDataFactory;
import io.netty.handler.codec.http.multipart.FileUpload;
import io.netty.handler.codec.http.multipart.HttpPostRequestDecoder;
import io.netty.handler.codec.http.multipart.InterfaceHttpData;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** A request as a server received it, decoded with Netty's {@link HttpPostRequestDecoder}. */
record ReceivedForm(String method, String path, Protocol protocol, Map<String, String> headers, byte[] body) {

    /** One decoded field or file; {@code filename} and {@code contentType} are null for a field. */
    record Part(String name, String filename, String contentType, byte[] bytes) {
        String text() {
            return new String(bytes, StandardCharsets.UTF_8);
        }

        String sha256() {
            return ReceivedForm.sha256(bytes);
        }
    }

    static ReceivedForm of(ServerRequest request) {
        Map<String, String> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        request.headers().forEach((name, value) -> headers.merge(name.toString(), value.toString(),
                (a, b) -> a + ", " + b));
        return new ReceivedForm(request.method().name(), request.path(), request.protocol(), headers,
                request.bodyAsBytes());
    }

    String header(String name) {
        return headers.get(name);
    }

    List<Part> parts() throws IOException {
        FullHttpRequest request = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.valueOf(method), path,
                Unpooled.wrappedBuffer(body));
        headers.forEach((name, value) -> {
            if (!name.startsWith(":")) {
                request.headers().set(name, value);
            }
        });
        HttpPostRequestDecoder decoder = new HttpPostRequestDecoder(new DefaultHttpDataFactory(false), request);
        try {
            List<Part> parts = new ArrayList<>();
            for (InterfaceHttpData data : decoder.getBodyHttpDatas()) {
                if (data instanceof FileUpload upload) {
                    parts.add(new Part(upload.getName(), upload.getFilename(), upload.getContentType(), upload.get()));
                } else {
                    Attribute attribute = (Attribute) data;
                    parts.add(new Part(attribute.getName(), null, null,
                            attribute.getValue().getBytes(StandardCharsets.UTF_8)));
                }
            }
            return parts;
        } finally {
            decoder.destroy();
            request.release();
        }
    }

    static String sha256(byte[] data) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
