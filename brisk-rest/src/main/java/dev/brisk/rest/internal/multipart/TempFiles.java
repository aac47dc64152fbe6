package dev.brisk.rest.internal.multipart;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The temporary files of one request's parts; all deleted when the request ends, once. Thread-safe. */
final class TempFiles {

    private static final System.Logger LOG = System.getLogger("dev.brisk.rest");

    private final Path directory;
    private final List<Path> files = new ArrayList<>(2);
    private boolean deleted;

    TempFiles(Path directory) {
        this.directory = directory;
    }

    synchronized Path create() throws IOException {
        if (deleted) {
            throw new IOException("the request has ended: its parts were deleted");
        }
        Path file = Files.createTempFile(directory, "brisk-part-", ".tmp");
        files.add(file);
        return file;
    }

    /** Stops tracking {@code file}: it was moved away by the application. */
    synchronized void forget(Path file) {
        files.remove(file);
    }

    synchronized void deleteAll() {
        deleted = true;
        for (Path file : files) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                LOG.log(System.Logger.Level.WARNING, "cannot delete temporary part file " + file + ": " + e);
            }
        }
        files.clear();
    }
}
