package dev.brisk.rest.jaxrs.compat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/** A {@code multipart/form-data} body as a browser sends it, for the tests' requests. */
final class FormData {

    private final String boundary = "----FormBoundary7MA4YWxkTrZu0gW";
    private final ByteArrayOutputStream body = new ByteArrayOutputStream();

    FormData field(String name, String value) {
        return part("form-data; name=\"" + name + "\"", null, value.getBytes(StandardCharsets.UTF_8));
    }

    FormData part(String name, String contentType, String content) {
        return part("form-data; name=\"" + name + "\"", contentType, content.getBytes(StandardCharsets.UTF_8));
    }

    /** A file part; quotes in the file name are escaped as browsers escape them ({@code %22}). */
    FormData file(String name, String fileName, String contentType, byte[] content) {
        return part("form-data; name=\"" + name + "\"; filename=\"" + fileName.replace("\"", "%22") + "\"",
                contentType, content);
    }

    private FormData part(String disposition, String contentType, byte[] content) {
        StringBuilder head = new StringBuilder("--").append(boundary).append("\r\n")
                .append("Content-Disposition: ").append(disposition).append("\r\n");
        if (contentType != null) {
            head.append("Content-Type: ").append(contentType).append("\r\n");
        }
        body.writeBytes(head.append("\r\n").toString().getBytes(StandardCharsets.UTF_8));
        body.writeBytes(content);
        body.writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
        return this;
    }

    String contentType() {
        return "multipart/form-data; boundary=" + boundary;
    }

    byte[] bytes() {
        ByteArrayOutputStream all = new ByteArrayOutputStream(body.size() + 64);
        all.writeBytes(body.toByteArray());
        all.writeBytes(("--" + boundary + "--\r\n").getBytes(StandardCharsets.US_ASCII));
        return all.toByteArray();
    }
}
