package dev.brisk.rest.internal.router;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * A parsed route template: literal segments, {@code {name}}, {@code {name:regex}}, {@code *} (one segment),
 * {@code **} or {@code {*name}} (the rest of the path, last only).
 */
public final class PathPattern {

    /** What one segment of a template is. */
    public enum Kind { LITERAL, PARAM, REGEX, WILDCARD, CATCH_ALL }

    /** One segment of a template. */
    public record Segment(Kind kind, String text, String name, Pattern regex) {

        /** The segment with names removed, so that templates differing only in names compare equal. */
        String shape() {
            return switch (kind) {
                case LITERAL -> text;
                case PARAM -> "{}";
                case REGEX -> "{:" + regex.pattern() + "}";
                case WILDCARD -> "*";
                case CATCH_ALL -> "**";
            };
        }
    }

    private final String template;
    private final List<Segment> segments;
    private final List<String> captureNames;

    private PathPattern(String template, List<Segment> segments) {
        this.template = template;
        this.segments = List.copyOf(segments);
        List<String> names = new ArrayList<>();
        for (Segment segment : segments) {
            if (segment.kind() != Kind.LITERAL) {
                names.add(segment.name());
            }
        }
        this.captureNames = Collections.unmodifiableList(names);
    }

    /**
     * Parses a template.
     *
     * @throws IllegalArgumentException naming the problem and the template
     */
    public static PathPattern parse(String template) {
        if (template == null || !template.startsWith("/")) {
            throw new IllegalArgumentException("route path must start with '/': " + template);
        }
        List<Segment> segments = new ArrayList<>();
        if (template.length() > 1) {
            String[] parts = template.substring(1).split("/", -1);
            for (int i = 0; i < parts.length; i++) {
                Segment segment = segment(template, parts[i]);
                if (segment.kind() == Kind.CATCH_ALL && i != parts.length - 1) {
                    throw new IllegalArgumentException("'" + parts[i] + "' must be the last segment: " + template);
                }
                segments.add(segment);
            }
        }
        List<String> seen = new ArrayList<>();
        for (Segment segment : segments) {
            if (segment.name() != null) {
                if (seen.contains(segment.name())) {
                    throw new IllegalArgumentException("path variable {" + segment.name() + "} appears twice: "
                            + template);
                }
                seen.add(segment.name());
            }
        }
        return new PathPattern(template, segments);
    }

    private static Segment segment(String template, String part) {
        if (part.equals("*")) {
            return new Segment(Kind.WILDCARD, part, null, null);
        }
        if (part.equals("**")) {
            return new Segment(Kind.CATCH_ALL, part, null, null);
        }
        if (part.startsWith("{") && part.endsWith("}")) {
            String inner = part.substring(1, part.length() - 1);
            if (inner.startsWith("*")) {
                return new Segment(Kind.CATCH_ALL, part, checkName(template, inner.substring(1)), null);
            }
            int colon = inner.indexOf(':');
            if (colon < 0) {
                return new Segment(Kind.PARAM, part, checkName(template, inner), null);
            }
            String name = checkName(template, inner.substring(0, colon));
            try {
                return new Segment(Kind.REGEX, part, name, Pattern.compile(inner.substring(colon + 1)));
            } catch (PatternSyntaxException e) {
                throw new IllegalArgumentException("invalid regex in {" + inner + "} of " + template + ": "
                        + e.getDescription());
            }
        }
        if (part.indexOf('{') >= 0 || part.indexOf('}') >= 0) {
            throw new IllegalArgumentException("a path variable must be a whole segment: '" + part + "' in "
                    + template);
        }
        return new Segment(Kind.LITERAL, part, null, null);
    }

    private static String checkName(String template, String name) {
        if (name.isEmpty() || !Character.isJavaIdentifierStart(name.charAt(0))) {
            throw new IllegalArgumentException("invalid path variable name '" + name + "' in " + template);
        }
        for (int i = 1; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!Character.isJavaIdentifierPart(c) && c != '-' && c != '.') {
                throw new IllegalArgumentException("invalid path variable name '" + name + "' in " + template);
            }
        }
        return name;
    }

    public String template() {
        return template;
    }

    public List<Segment> segments() {
        return segments;
    }

    /** Names of the captured segments in order (null for an unnamed {@code *} or {@code **}). */
    public List<String> captureNames() {
        return captureNames;
    }

    /** Whether the template has no variable part: it is served from the static table. */
    public boolean isStatic() {
        return captureNames.isEmpty();
    }

    /** The template with names removed: two routes with the same shape and method are ambiguous. */
    public String shape() {
        StringBuilder sb = new StringBuilder();
        for (Segment segment : segments) {
            sb.append('/').append(segment.shape());
        }
        return sb.length() == 0 ? "/" : sb.toString();
    }

    @Override
    public String toString() {
        return template;
    }
}
