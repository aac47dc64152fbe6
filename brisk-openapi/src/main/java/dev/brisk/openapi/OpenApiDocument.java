package dev.brisk.openapi;

import java.util.Objects;

/**
 * A generated OpenAPI 3.1 document in its two forms, e.g. to write it to a file at build time.
 *
 * @param json the document as JSON (indented)
 * @param yaml the same document as YAML
 */
public record OpenApiDocument(String json, String yaml) {

    public OpenApiDocument {
        Objects.requireNonNull(json, "json must not be null");
        Objects.requireNonNull(yaml, "yaml must not be null");
    }
}
