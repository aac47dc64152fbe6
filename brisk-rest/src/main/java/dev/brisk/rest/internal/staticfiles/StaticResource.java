package dev.brisk.rest.internal.staticfiles;

import java.nio.file.Path;

/**
 * One resource found for a request: its length, modification time (epoch milliseconds, -1 when unknown), entity tag,
 * and its bytes either in a file (sent zero-copy where the connection allows) or in memory.
 *
 * @param file  the file, or null when the bytes are in memory
 * @param bytes the content, or null when it is a file
 */
record StaticResource(long size, long lastModified, String etag, Path file, byte[] bytes) {
}
