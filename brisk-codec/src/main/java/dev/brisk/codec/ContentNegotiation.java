package dev.brisk.codec;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Picks the response media type from what the client accepts and what the server can produce (RFC 9110, section
 * 12.5.1): the client's most preferred acceptable entry wins; among the server's types, declaration order breaks ties.
 */
public final class ContentNegotiation {

    /** The default name of the query parameter that overrides Accept, as in {@code ?format=json}. */
    public static final String DEFAULT_FORMAT_PARAMETER = "format";

    private ContentNegotiation() {
    }

    /**
     * The best producible type for {@code accepted} (sorted most preferred first, as {@link MediaType#parseList}
     * returns them), or empty when nothing acceptable can be produced (a 406).
     */
    public static Optional<MediaType> negotiate(List<MediaType> accepted, List<MediaType> producible) {
        for (MediaType wanted : accepted) {
            if (wanted.quality() == 0) {
                continue;
            }
            for (MediaType candidate : producible) {
                if (wanted.includes(candidate) && !excluded(accepted, candidate)) {
                    return Optional.of(candidate);
                }
                if (candidate.includes(wanted) && !wanted.isWildcardType() && !wanted.isWildcardSubtype()) {
                    return Optional.of(wanted.withoutParameters());
                }
            }
        }
        return Optional.empty();
    }

    /** Whether an explicit {@code q=0} entry rules {@code candidate} out. */
    private static boolean excluded(List<MediaType> accepted, MediaType candidate) {
        for (MediaType entry : accepted) {
            if (entry.quality() == 0 && entry.includes(candidate)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The media type named by a format parameter value such as {@code json}, {@code xml}, {@code text},
     * {@code protobuf}, or a full media type.
     */
    public static Optional<MediaType> forFormat(String format) {
        if (format == null || format.isBlank()) {
            return Optional.empty();
        }
        return switch (format.trim().toLowerCase(Locale.ROOT)) {
            case "json" -> Optional.of(MediaType.APPLICATION_JSON);
            case "text", "plain" -> Optional.of(MediaType.TEXT_PLAIN);
            case "protobuf", "proto" -> Optional.of(MediaType.APPLICATION_PROTOBUF);
            case "binary", "octet-stream" -> Optional.of(MediaType.APPLICATION_OCTET_STREAM);
            case "html" -> Optional.of(MediaType.TEXT_HTML);
            default -> {
                try {
                    yield Optional.of(MediaType.parse(format));
                } catch (IllegalArgumentException e) {
                    yield Optional.empty();
                }
            }
        };
    }
}
