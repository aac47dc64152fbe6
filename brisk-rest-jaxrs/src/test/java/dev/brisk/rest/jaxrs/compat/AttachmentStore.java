package dev.brisk.rest.jaxrs.compat;

import jakarta.ws.rs.NotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;

/** Attachments on disk, one directory per task. */
public class AttachmentStore {

    private final Path directory;
    private final Map<Long, List<Attachment>> attachments = new ConcurrentHashMap<>();

    public AttachmentStore(Path directory) {
        this.directory = directory;
    }

    /** A store in a new temporary directory, deleted with its files when the test JVM exits. */
    public static AttachmentStore inTemporaryDirectory() {
        try {
            Path directory = Files.createTempDirectory("attachments");
            Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteRecursively(directory)));
            return new AttachmentStore(directory);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void deleteRecursively(Path directory) {
        try (Stream<Path> paths = Files.walk(directory)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            // already gone, or unreadable: nothing more to clean up
        }
    }

    /** Copies {@code content} to disk and records it. */
    public Attachment save(long taskId, String fileName, String mediaType, String note, InputStream content)
            throws IOException {
        List<Attachment> list = attachments.computeIfAbsent(taskId, id -> new CopyOnWriteArrayList<>());
        int number;
        synchronized (list) {
            number = list.size() + 1;
        }
        Path file = file(taskId, number);
        Files.createDirectories(file.getParent());
        MessageDigest sha256;
        try {
            sha256 = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        long size;
        try (InputStream in = new DigestInputStream(content, sha256)) {
            size = Files.copy(in, file);
        }
        Attachment attachment = new Attachment(taskId, number, fileName, mediaType, size,
                HexFormat.of().formatHex(sha256.digest()), note);
        list.add(attachment);
        return attachment;
    }

    public List<Attachment> of(long taskId) {
        return List.copyOf(attachments.getOrDefault(taskId, List.of()));
    }

    public Attachment get(long taskId, int number) {
        return of(taskId).stream().filter(a -> a.number() == number).findFirst()
                .orElseThrow(() -> new NotFoundException("no attachment " + number + " on task "
                        + taskId));
    }

    public Path file(long taskId, int number) {
        return directory.resolve(Long.toString(taskId)).resolve(number + ".bin");
    }
}
