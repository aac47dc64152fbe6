package dev.brisk.test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** A response as a test sees it: status, headers (names in lower case), body. */
public record TestResponse(int status, Map<String, List<String>> headers, byte[] bodyBytes) {

    /** The first value of header {@code name}. */
    public Optional<String> header(String name) {
        List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
        return values == null || values.isEmpty() ? Optional.empty() : Optional.of(values.get(0));
    }

    /** The body as UTF-8 text. */
    public String body() {
        return new String(bodyBytes, StandardCharsets.UTF_8);
    }
}
