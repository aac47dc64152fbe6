package dev.brisk.rest.internal.router;

import io.netty.handler.codec.http.HttpMethod;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Immutable route table: a hash map for templates without variables and a segment tree for the others. Lookup
 * precedence at every segment: literal, then {@code {param}}, then {@code {param:regex}}, then {@code *}, then the
 * catch-all; a branch that dead-ends backtracks. Among paths that match, the first one with a route for the method
 * wins; the first matching path also supplies the Allow header of a 405.
 */
public final class Router<T> {

    private final Map<String, MethodTable<T>> statics;
    private final Node<T> root;
    private final int size;

    private Router(Map<String, MethodTable<T>> statics, Node<T> root, int size) {
        this.statics = statics;
        this.root = root;
        this.size = size;
    }

    /** One route to build a router from. */
    public record Entry<T>(HttpMethod method, PathPattern pattern, T value) {
    }

    /** Builds a router; routes for the same path and method are kept as candidates in the order given. */
    public static <T> Router<T> of(List<Entry<T>> entries) {
        Map<String, MethodTable<T>> statics = new HashMap<>();
        Node<T> root = new Node<>();
        for (Entry<T> entry : entries) {
            if (entry.pattern().isStatic()) {
                statics.computeIfAbsent(entry.pattern().template(), k -> new MethodTable<>())
                        .add(entry.method(), entry.value());
            } else {
                root.insert(entry.pattern().segments(), 0).add(entry.method(), entry.value());
            }
        }
        return new Router<>(Map.copyOf(statics), root, entries.size());
    }

    /** Number of routes. */
    public int size() {
        return size;
    }

    /**
     * Looks up {@code path} (starting with '/', without query) for {@code method} into {@code match}. Returns
     * whether a route for the method matched; otherwise {@link RouteMatch#pathMatched()} tells 405 from 404.
     */
    public boolean find(HttpMethod method, String path, RouteMatch<T> match) {
        match.reset(path);
        MethodTable<T> table = statics.get(path);
        if (table != null && accept(table, method, match)) {
            return true;
        }
        if (path.isEmpty() || path.charAt(0) != '/') {
            return false;
        }
        return root.match(method, path, 1, match);
    }

    /** Records that the path matched {@code table}; true when it has routes for {@code method}. */
    private static <T> boolean accept(MethodTable<T> table, HttpMethod method, RouteMatch<T> match) {
        match.pathMatched(table);
        List<T> candidates = table.get(method);
        if (candidates == null) {
            return false;
        }
        match.found(candidates);
        return true;
    }

    private static final class Node<T> {
        private String[] literalKeys = new String[0];
        private List<Node<T>> literalNodes = new ArrayList<>();
        private Node<T> param;
        private final List<Map.Entry<Pattern, Node<T>>> regexes = new ArrayList<>();
        private Node<T> wildcard;
        private MethodTable<T> catchAll;
        private MethodTable<T> leaf;

        /** The table at the end of {@code segments}, creating nodes on the way. */
        MethodTable<T> insert(List<PathPattern.Segment> segments, int index) {
            if (index == segments.size()) {
                if (leaf == null) {
                    leaf = new MethodTable<>();
                }
                return leaf;
            }
            PathPattern.Segment segment = segments.get(index);
            Node<T> next = switch (segment.kind()) {
                case LITERAL -> literalChild(segment.text());
                case PARAM -> param == null ? (param = new Node<>()) : param;
                case REGEX -> regexChild(segment.regex());
                case WILDCARD -> wildcard == null ? (wildcard = new Node<>()) : wildcard;
                case CATCH_ALL -> null;
            };
            if (next == null) {
                if (catchAll == null) {
                    catchAll = new MethodTable<>();
                }
                return catchAll;
            }
            return next.insert(segments, index + 1);
        }

        private Node<T> literalChild(String key) {
            for (int i = 0; i < literalKeys.length; i++) {
                if (literalKeys[i].equals(key)) {
                    return literalNodes.get(i);
                }
            }
            literalKeys = Arrays.copyOf(literalKeys, literalKeys.length + 1);
            literalKeys[literalKeys.length - 1] = key;
            Node<T> node = new Node<>();
            literalNodes.add(node);
            return node;
        }

        private Node<T> regexChild(Pattern regex) {
            for (Map.Entry<Pattern, Node<T>> entry : regexes) {
                if (entry.getKey().pattern().equals(regex.pattern())) {
                    return entry.getValue();
                }
            }
            Node<T> node = new Node<>();
            regexes.add(Map.entry(regex, node));
            return node;
        }

        /** Matches the segment starting at {@code start} and everything after it. */
        boolean match(HttpMethod method, String path, int start, RouteMatch<T> match) {
            int length = path.length();
            int end = path.indexOf('/', start);
            if (end < 0) {
                end = length;
            }
            String[] keys = literalKeys;
            int segmentLength = end - start;
            for (int i = 0; i < keys.length; i++) {
                String key = keys[i];
                if (key.length() == segmentLength && path.regionMatches(start, key, 0, segmentLength)) {
                    if (descend(literalNodes.get(i), method, path, end, match)) {
                        return true;
                    }
                    break;
                }
            }
            if (segmentLength > 0) {
                if (param != null && capture(param, method, path, start, end, match)) {
                    return true;
                }
                for (int i = 0; i < regexes.size(); i++) {
                    Map.Entry<Pattern, Node<T>> regex = regexes.get(i);
                    Matcher matcher = regex.getKey().matcher(path).region(start, end);
                    if (matcher.matches() && capture(regex.getValue(), method, path, start, end, match)) {
                        return true;
                    }
                }
                if (wildcard != null && capture(wildcard, method, path, start, end, match)) {
                    return true;
                }
            }
            if (catchAll != null) {
                match.pathMatched(catchAll);
                List<T> candidates = catchAll.get(method);
                if (candidates != null) {
                    match.capture(start, length);
                    match.found(candidates);
                    return true;
                }
            }
            return false;
        }

        private boolean capture(Node<T> next, HttpMethod method, String path, int start, int end,
                                RouteMatch<T> match) {
            int mark = match.mark();
            match.capture(start, end);
            if (descend(next, method, path, end, match)) {
                return true;
            }
            match.rewind(mark);
            return false;
        }

        private static <T> boolean descend(Node<T> next, HttpMethod method, String path, int end,
                                           RouteMatch<T> match) {
            if (end == path.length()) {
                MethodTable<T> table = next.leaf;
                if (table != null && accept(table, method, match)) {
                    return true;
                }
                // "/a/**" also matches "/a"
                if (next.catchAll != null) {
                    match.pathMatched(next.catchAll);
                    List<T> candidates = next.catchAll.get(method);
                    if (candidates != null) {
                        match.capture(end, end);
                        match.found(candidates);
                        return true;
                    }
                }
                return false;
            }
            return next.match(method, path, end + 1, match);
        }
    }
}
