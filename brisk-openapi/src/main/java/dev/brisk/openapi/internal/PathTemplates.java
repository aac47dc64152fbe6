package dev.brisk.openapi.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Brisk route templates as OpenAPI paths: {@code {name}} stays, {@code {name:regex}} keeps its name (the regex becomes
 * the parameter's {@code pattern}), {@code {*rest}} becomes {@code {rest}}, and the anonymous wildcards {@code *} and
 * {@code **} become {@code {wildcard}}, {@code {wildcard2}}...
 */
final class PathTemplates {

    /** A path parameter of a template. */
    record PathVariable(String name, Optional<String> pattern) {
    }

    /** A template as an OpenAPI path with its parameters, in order. */
    record OpenApiPath(String path, List<PathVariable> variables) {
    }

    private PathTemplates() {
    }

    static OpenApiPath convert(String template) {
        StringBuilder path = new StringBuilder(template.length());
        List<PathVariable> variables = new ArrayList<>();
        int wildcards = 0;
        int i = 0;
        while (i < template.length()) {
            char c = template.charAt(i);
            if (c == '{') {
                int end = closing(template, i);
                String inner = template.substring(i + 1, end);
                String name;
                Optional<String> pattern = Optional.empty();
                if (inner.startsWith("*")) {
                    name = inner.substring(1);
                } else {
                    int colon = inner.indexOf(':');
                    name = colon < 0 ? inner : inner.substring(0, colon);
                    if (colon >= 0) {
                        pattern = Optional.of("^" + inner.substring(colon + 1) + "$");
                    }
                }
                variables.add(new PathVariable(name, pattern));
                path.append('{').append(name).append('}');
                i = end + 1;
            } else if (c == '*' && (i == 0 || template.charAt(i - 1) == '/')) {
                int end = i + 1 < template.length() && template.charAt(i + 1) == '*' ? i + 2 : i + 1;
                wildcards++;
                String name = wildcards == 1 ? "wildcard" : "wildcard" + wildcards;
                variables.add(new PathVariable(name, Optional.empty()));
                path.append('{').append(name).append('}');
                i = end;
            } else {
                path.append(c);
                i++;
            }
        }
        return new OpenApiPath(path.toString(), List.copyOf(variables));
    }

    /** The index of the brace that closes the one at {@code open} (regexes may hold braces: {@code \d{3}}). */
    private static int closing(String template, int open) {
        int depth = 0;
        for (int i = open; i < template.length(); i++) {
            char c = template.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '{') {
                depth++;
            } else if (c == '}' && --depth == 0) {
                return i;
            }
        }
        throw new IllegalArgumentException("unbalanced braces in route template: " + template);
    }
}
