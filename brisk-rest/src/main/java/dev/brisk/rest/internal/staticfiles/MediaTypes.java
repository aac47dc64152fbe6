package dev.brisk.rest.internal.staticfiles;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/** Content types by file extension: a built-in table of what web servers commonly serve, plus the application's. */
final class MediaTypes {

    private static final String UTF8 = "; charset=utf-8";
    private static final Map<String, String> BUILT_IN = Map.ofEntries(
            Map.entry("html", "text/html" + UTF8), Map.entry("htm", "text/html" + UTF8),
            Map.entry("css", "text/css" + UTF8), Map.entry("js", "text/javascript" + UTF8),
            Map.entry("mjs", "text/javascript" + UTF8), Map.entry("json", "application/json"),
            Map.entry("map", "application/json"), Map.entry("webmanifest", "application/manifest+json"),
            Map.entry("txt", "text/plain" + UTF8), Map.entry("csv", "text/csv" + UTF8),
            Map.entry("md", "text/markdown" + UTF8), Map.entry("xml", "application/xml"),
            Map.entry("svg", "image/svg+xml"), Map.entry("png", "image/png"), Map.entry("jpg", "image/jpeg"),
            Map.entry("jpeg", "image/jpeg"), Map.entry("gif", "image/gif"), Map.entry("webp", "image/webp"),
            Map.entry("avif", "image/avif"), Map.entry("ico", "image/x-icon"), Map.entry("bmp", "image/bmp"),
            Map.entry("woff", "font/woff"), Map.entry("woff2", "font/woff2"), Map.entry("ttf", "font/ttf"),
            Map.entry("otf", "font/otf"), Map.entry("eot", "application/vnd.ms-fontobject"),
            Map.entry("wasm", "application/wasm"), Map.entry("pdf", "application/pdf"),
            Map.entry("zip", "application/zip"), Map.entry("gz", "application/gzip"),
            Map.entry("br", "application/x-brotli"), Map.entry("zst", "application/zstd"),
            Map.entry("mp4", "video/mp4"), Map.entry("webm", "video/webm"), Map.entry("mp3", "audio/mpeg"),
            Map.entry("ogg", "audio/ogg"), Map.entry("wav", "audio/wav"), Map.entry("yaml", "application/yaml"),
            Map.entry("yml", "application/yaml"));
    private static final String DEFAULT = "application/octet-stream";

    private final Map<String, String> types;

    MediaTypes(Map<String, String> overrides) {
        Map<String, String> all = new HashMap<>(BUILT_IN);
        overrides.forEach((extension, type) -> all.put(extension.toLowerCase(Locale.ROOT), type));
        types = Map.copyOf(all);
    }

    /** The content type of a file named {@code name}; {@code application/octet-stream} when unknown. */
    String of(String name) {
        int dot = name.lastIndexOf('.');
        if (dot < 0 || dot == name.length() - 1) {
            return DEFAULT;
        }
        return types.getOrDefault(name.substring(dot + 1).toLowerCase(Locale.ROOT), DEFAULT);
    }
}
