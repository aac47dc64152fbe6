package dev.brisk.rest.servlet.internal;

/** Paths as the servlet API sees them. */
final class ServletPaths {

    private ServletPaths() {
    }

    /** {@code path} (decoded, from the root) without {@code contextPath}; {@code /} for the context root. */
    static String withinContext(String path, String contextPath) {
        if (contextPath.isEmpty() || !path.startsWith(contextPath)) {
            return path;
        }
        String within = path.substring(contextPath.length());
        return within.isEmpty() ? "/" : within;
    }
}
