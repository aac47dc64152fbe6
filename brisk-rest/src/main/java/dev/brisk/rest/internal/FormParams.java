package dev.brisk.rest.internal;

import dev.brisk.codec.MediaType;
import dev.brisk.http.ServerRequest;
import dev.brisk.rest.HttpStatusException;
import dev.brisk.rest.internal.multipart.MultipartReceiver;
import io.netty.handler.codec.http.QueryStringDecoder;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/** The form fields of a request body: URL-encoded pairs or the fields of a multipart body. */
final class FormParams {

    /** Most pairs decoded from one URL-encoded body. */
    private static final int MAX_PAIRS = 1024;

    private FormParams() {
    }

    static Map<String, List<String>> of(DefaultRequestContext ctx) {
        ServerRequest request = ctx.request();
        String contentType = request.headers().get("content-type", null);
        if (MultipartReceiver.isMultipart(contentType)) {
            return ctx.multipart().fields();
        }
        if (contentType == null || !contentType.regionMatches(true, 0, "application/x-www-form-urlencoded", 0, 33)) {
            return Map.of();
        }
        Charset charset;
        try {
            charset = MediaType.parse(contentType).charset().orElse(StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw new HttpStatusException(400, "invalid Content-Type: " + e.getMessage());
        }
        String body = request.bodyAsString(charset);
        if (body.isEmpty()) {
            return Map.of();
        }
        try {
            Map<String, List<String>> pairs = new QueryStringDecoder(body, charset, false, MAX_PAIRS).parameters();
            return Collections.unmodifiableMap(pairs);
        } catch (IllegalArgumentException e) {
            throw new HttpStatusException(400, "malformed form body: " + e.getMessage());
        }
    }
}
