package dev.brisk.rest.internal.protect;

import java.io.ByteArrayOutputStream;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The path an IP rule must also be checked against: what the handlers see of a request path that is spelled
 * differently from it. Route variables and static files decode percent escapes ({@code /t/%69nternal} is
 * {@code /t/internal} to them), static files skip empty segments ({@code /files//sub}) and the file system resolves
 * dot segments, so a rule for {@code /t/internal/**} is checked against the decoded, normalised path as well as the
 * path as sent.
 */
final class FilterPaths {

    private FilterPaths() {
    }

    /** {@code path} decoded and normalised, or null when it is spelled plainly already (the usual case). */
    static String normalised(String path) {
        if (path.indexOf('%') < 0 && !path.contains("//") && !path.contains("/.") && path.indexOf('\\') < 0) {
            return null;
        }
        String decoded = decode(path).replace('\\', '/');
        Deque<String> segments = new ArrayDeque<>();
        for (String segment : decoded.split("/")) {
            if (segment.isEmpty() || segment.equals(".")) {
                continue;
            }
            if (segment.equals("..")) {
                segments.pollLast();
            } else {
                segments.addLast(segment);
            }
        }
        String joined = "/" + String.join("/", segments);
        return joined.equals(path) ? null : joined;
    }

    /** Percent escapes decoded as UTF-8; a malformed escape or invalid UTF-8 leaves the path as it is. */
    private static String decode(String path) {
        if (path.indexOf('%') < 0) {
            return path;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(path.length());
        for (int i = 0; i < path.length(); i++) {
            char c = path.charAt(i);
            if (c == '%' && i + 2 < path.length()) {
                int high = Character.digit(path.charAt(i + 1), 16);
                int low = Character.digit(path.charAt(i + 2), 16);
                if (high < 0 || low < 0) {
                    return path;
                }
                bytes.write(high << 4 | low);
                i += 2;
            } else if (c == '%' || c > 0x7f) {
                return path;
            } else {
                bytes.write(c);
            }
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes.toByteArray())).toString();
        } catch (CharacterCodingException e) {
            return path;
        }
    }
}
