package dev.brisk.rest.internal;

import dev.brisk.http.common.PathDecoder;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Matrix parameters (RFC 3986 path parameters, {@code /cars;color=red;year=2012}) taken out of a path: the path
 * without them, used for routing, and the parameters of each segment.
 */
final class MatrixParams {

    private final String path;
    private final List<Map<String, List<String>>> bySegment;

    private MatrixParams(String path, List<Map<String, List<String>>> bySegment) {
        this.path = path;
        this.bySegment = bySegment;
    }

    static MatrixParams strip(String raw) {
        StringBuilder path = new StringBuilder(raw.length());
        List<Map<String, List<String>>> bySegment = new ArrayList<>();
        int start = 1;
        while (start <= raw.length()) {
            int end = raw.indexOf('/', start);
            if (end < 0) {
                end = raw.length();
            }
            String segment = raw.substring(start, end);
            int semicolon = segment.indexOf(';');
            Map<String, List<String>> params = new LinkedHashMap<>();
            if (semicolon >= 0) {
                for (String pair : segment.substring(semicolon + 1).split(";")) {
                    if (pair.isEmpty()) {
                        continue;
                    }
                    int eq = pair.indexOf('=');
                    String name = PathDecoder.decode(eq < 0 ? pair : pair.substring(0, eq));
                    List<String> values = params.computeIfAbsent(name, k -> new ArrayList<>());
                    if (eq >= 0) {
                        for (String value : pair.substring(eq + 1).split(",")) {
                            values.add(PathDecoder.decode(value));
                        }
                    }
                }
                segment = segment.substring(0, semicolon);
            }
            path.append('/').append(segment);
            bySegment.add(params);
            start = end + 1;
        }
        return new MatrixParams(path.length() == 0 ? "/" : path.toString(), bySegment);
    }

    /** The path without matrix parameters. */
    String path() {
        return path;
    }

    /** The parameters of the segment that contains {@code offset} of {@link #path()}. */
    Map<String, List<String>> atOffset(int offset) {
        int segment = -1;
        for (int i = 0; i < offset && i < path.length(); i++) {
            if (path.charAt(i) == '/') {
                segment++;
            }
        }
        return segment >= 0 && segment < bySegment.size() ? bySegment.get(segment) : Map.of();
    }

    /** All parameters of all segments, merged. */
    Map<String, List<String>> all() {
        Map<String, List<String>> all = new LinkedHashMap<>();
        for (Map<String, List<String>> params : bySegment) {
            params.forEach((k, v) -> all.computeIfAbsent(k, x -> new ArrayList<>()).addAll(v));
        }
        return all;
    }
}
