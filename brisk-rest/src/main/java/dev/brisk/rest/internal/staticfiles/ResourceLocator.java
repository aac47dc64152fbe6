package dev.brisk.rest.internal.staticfiles;

import java.util.List;

/** Where static resources come from: a directory or a classpath location. Segments are already checked. */
interface ResourceLocator {

    /** The regular file (or resource) at {@code segments}, or null when there is none. */
    StaticResource find(List<String> segments);

    /** Whether {@code segments} name a directory (empty segments: the root). */
    boolean isDirectory(List<String> segments);
}
