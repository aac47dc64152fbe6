package dev.brisk.rest.internal.multipart;

import dev.brisk.rest.multipart.MultipartForm;
import dev.brisk.rest.multipart.Part;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.StandardCharsets;
import java.nio.charset.UnsupportedCharsetException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The received parts of one request. */
final class DefaultMultipartForm implements MultipartForm {

    private final List<Part> parts;
    private final List<DefaultPart> received;
    private volatile Map<String, List<String>> fields;

    DefaultMultipartForm(List<DefaultPart> received) {
        this.parts = List.copyOf(received);
        this.received = List.copyOf(received);
        Charset formCharset = formCharset(received);
        for (DefaultPart part : received) {
            part.defaultCharset(formCharset);
        }
    }

    /** The text of the fields, read on first use (a large field may be in a file). */
    private Map<String, List<String>> readFields() {
        Map<String, List<String>> text = new LinkedHashMap<>();
        for (DefaultPart part : received) {
            if (part.filename().isEmpty()) {
                try {
                    text.computeIfAbsent(part.name(), n -> new ArrayList<>(1)).add(part.string());
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
        text.replaceAll((name, values) -> List.copyOf(values));
        return Collections.unmodifiableMap(text);
    }

    /** The charset a {@code _charset_} field names (HTML forms send it when asked to), else UTF-8. */
    private static Charset formCharset(List<DefaultPart> received) {
        for (DefaultPart part : received) {
            if (part.name().equals("_charset_") && part.filename().isEmpty() && part.inMemory()) {
                try {
                    return Charset.forName(part.string().trim());
                } catch (IOException | IllegalCharsetNameException | UnsupportedCharsetException e) {
                    throw MultipartException.malformed("field _charset_ names an unknown charset");
                }
            }
        }
        return StandardCharsets.UTF_8;
    }

    @Override
    public List<Part> parts() {
        return parts;
    }

    @Override
    public List<Part> parts(String name) {
        List<Part> named = new ArrayList<>(1);
        for (Part part : parts) {
            if (part.name().equals(name)) {
                named.add(part);
            }
        }
        return named;
    }

    @Override
    public Map<String, List<String>> fields() {
        Map<String, List<String>> read = fields;
        if (read == null) {
            read = readFields();
            fields = read;
        }
        return read;
    }

    @Override
    public String toString() {
        return "MultipartForm" + parts;
    }
}
