package dev.brisk.rest.spring.compat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/** A {@code multipart/form-data} request body, built as a browser or an HTTP client library sends it. */
final class MultipartBody {

    private final String boundary = "----BriskFormBoundary7MA4YWxkTrZu0gW";
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    /** A form field. */
    MultipartBody field(String name, String value) {
        return part("form-data; name=\"" + name + "\"", null, value.getBytes(StandardCharsets.UTF_8));
    }

    /** A file input (an empty file name and no content: sent without choosing a file). */
    MultipartBody file(String name, String filename, String contentType, byte[] content) {
        return part("form-data; name=\"" + name + "\"; filename=\"" + filename + "\"", contentType, content);
    }

    /** A part with a content type and no file name, such as a JSON document. */
    MultipartBody typed(String name, String contentType, String content) {
        return part("form-data; name=\"" + name + "\"", contentType, content.getBytes(StandardCharsets.UTF_8));
    }

    String contentType() {
        return "multipart/form-data; boundary=" + boundary;
    }

    byte[] bytes() {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        all.writeBytes(out.toByteArray());
        all.writeBytes(("--" + boundary + "--\r\n").getBytes(StandardCharsets.US_ASCII));
        return all.toByteArray();
    }

    private MultipartBody part(String disposition, String contentType, byte[] content) {
        StringBuilder head = new StringBuilder("--").append(boundary).append("\r\n")
                .append("Content-Disposition: ").append(disposition).append("\r\n");
        if (contentType != null) {
            head.append("Content-Type: ").append(contentType).append("\r\n");
        }
        head.append("\r\n");
        out.writeBytes(head.toString().getBytes(StandardCharsets.UTF_8));
        out.writeBytes(content);
        out.writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
        return this;
    }
}
