package dev.brisk.rest.internal.protect;

import dev.brisk.http.common.PathDecoder;

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

    /** Percent escapes decoded as route variables decode them; a malformed escape leaves the path as it is. */
    private static String decode(String path) {
        try {
            return PathDecoder.decode(path);
        } catch (IllegalArgumentException e) {
            return path;
        }
    }
}
