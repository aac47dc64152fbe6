package dev.brisk.rest.internal;

import dev.brisk.rest.multipart.MultipartOptions;
import dev.brisk.rest.web.CorsConfig;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Server-wide settings of the web features: CORS rules by path pattern, in registration order, and how multipart
 * bodies are received.
 */
public record WebFeatures(List<Map.Entry<String, CorsConfig>> cors, MultipartOptions multipart) {

    public static final WebFeatures DEFAULT = new WebFeatures(List.of(), MultipartOptions.DEFAULT);

    public WebFeatures {
        cors = List.copyOf(cors);
        Objects.requireNonNull(multipart, "multipart");
    }
}
