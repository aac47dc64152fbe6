package dev.brisk.rest.internal.staticfiles;

import java.io.ByteArrayOutputStream;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * The file path a request names below a mount point, decoded one segment at a time so that an encoded separator
 * cannot join segments. Refuses (null) anything that could leave the mount or reach what is not meant to be served:
 * {@code .} and {@code ..} segments, names starting with a dot (hidden files), back slashes, NUL and other control
 * characters, {@code :} (drive letters, alternate data streams), malformed percent-encoding or UTF-8. Empty segments
 * ({@code //}) are skipped.
 */
final class RequestPath {

    private RequestPath() {
    }

    /** The decoded segments of {@code rawRelative} (percent-encoded, {@code /}-separated), or null when refused. */
    static List<String> segments(String rawRelative) {
        List<String> segments = new ArrayList<>();
        for (String raw : rawRelative.split("/", -1)) {
            if (raw.isEmpty()) {
                continue;
            }
            String segment = decode(raw);
            if (segment == null || segment.startsWith(".")) {
                return null;
            }
            for (int i = 0; i < segment.length(); i++) {
                char c = segment.charAt(i);
                if (c < 0x20 || c == 0x7f || c == '/' || c == '\\' || c == ':') {
                    return null;
                }
            }
            segments.add(segment);
        }
        return segments;
    }

    private static String decode(String raw) {
        if (raw.indexOf('%') < 0) {
            return raw;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(raw.length());
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '%') {
                if (i + 2 >= raw.length()) {
                    return null;
                }
                int high = Character.digit(raw.charAt(i + 1), 16);
                int low = Character.digit(raw.charAt(i + 2), 16);
                if (high < 0 || low < 0) {
                    return null;
                }
                bytes.write(high << 4 | low);
                i += 2;
            } else if (c < 0x80) {
                bytes.write(c);
            } else {
                return null;
            }
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes.toByteArray()))
                    .toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }
}
