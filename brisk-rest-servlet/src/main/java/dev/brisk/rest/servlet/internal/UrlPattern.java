package dev.brisk.rest.servlet.internal;

/**
 * A servlet URL pattern (Servlet specification 12.2): {@code /*} or {@code /prefix/*}, {@code *.ext}, {@code /}
 * (the default servlet, which is every request here), {@code ""} (the context root) or an exact path.
 */
record UrlPattern(Kind kind, String value) {

    enum Kind { ALL, PREFIX, EXTENSION, EXACT }

    static UrlPattern of(String pattern) {
        if (pattern == null) {
            throw new IllegalArgumentException("a URL pattern may not be null");
        }
        if (pattern.equals("/*") || pattern.equals("/")) {
            return new UrlPattern(Kind.ALL, "");
        }
        if (pattern.startsWith("/") && pattern.endsWith("/*")) {
            return new UrlPattern(Kind.PREFIX, pattern.substring(0, pattern.length() - 2));
        }
        if (pattern.startsWith("*.") && pattern.indexOf('/') < 0) {
            return new UrlPattern(Kind.EXTENSION, pattern.substring(1));
        }
        if (pattern.isEmpty()) {
            return new UrlPattern(Kind.EXACT, "/");
        }
        if (!pattern.startsWith("/") || pattern.contains("*")) {
            throw new IllegalArgumentException("'" + pattern + "' is not a servlet URL pattern: use /*, /path/*, "
                    + "*.ext or an exact path starting with /");
        }
        return new UrlPattern(Kind.EXACT, pattern);
    }

    boolean matchesAll() {
        return kind == Kind.ALL;
    }

    /** Whether the pattern matches {@code path}, the decoded path within the context path. */
    boolean matches(String path) {
        return switch (kind) {
            case ALL -> true;
            case PREFIX -> path.equals(value) || path.startsWith(value) && path.charAt(value.length()) == '/';
            case EXTENSION -> path.endsWith(value) && path.lastIndexOf('/') < path.length() - value.length();
            case EXACT -> path.equals(value);
        };
    }
}
