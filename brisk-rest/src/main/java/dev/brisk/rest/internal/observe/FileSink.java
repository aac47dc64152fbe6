package dev.brisk.rest.internal.observe;

import dev.brisk.rest.observe.AccessLogOptions.Rotation;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.concurrent.TimeUnit;
import java.util.function.LongConsumer;

/**
 * Access log lines appended to a file of their own: their UTF-8 bytes are copied into a buffer that goes to the file
 * once per batch (or when it fills): no logging event, layout or lock per line. With {@link Rotation#DAILY} the file is
 * renamed to {@code <name>.<yyyy-MM-dd>} when the day changes (and at start, when it was last written on an earlier
 * day), and rolled files beyond the history kept are deleted. A file that cannot be written loses its buffered lines
 * (counted) and is opened again for the next batch; the problem is reported at most once a minute.
 */
final class FileSink implements LineSink {

    private static final System.Logger LOG = System.getLogger("dev.brisk.rest");
    private static final int BUFFER = 64 * 1024;
    private static final long REPORT_EVERY_NANOS = TimeUnit.MINUTES.toNanos(1);

    private final Path file;
    private final Rotation rotation;
    private final int maxHistory;
    private final LongConsumer lost;
    private final ZoneId zone = ZoneId.systemDefault();
    private final byte[] bytes = new byte[BUFFER];
    private final ByteBuffer buffer = ByteBuffer.wrap(bytes);
    private int length;
    private int lines;
    private FileChannel channel;
    /** The day lines are being written for; the file rolls over when a batch begins on a later one. */
    private LocalDate day;
    private long reportedNanos = System.nanoTime() - REPORT_EVERY_NANOS;

    FileSink(Path file, Rotation rotation, int maxHistory, LongConsumer lost) {
        this.file = file.toAbsolutePath();
        this.rotation = rotation;
        this.maxHistory = maxHistory;
        this.lost = lost;
    }

    /**
     * A sink whose file is opened now, so that a path that cannot be written stops the server from starting instead of
     * losing every line.
     */
    static FileSink opened(Path file, Rotation rotation, int maxHistory, LongConsumer lost) {
        FileSink sink = new FileSink(file, rotation, maxHistory, lost);
        try {
            sink.channel = sink.open();
        } catch (IOException e) {
            throw new UncheckedIOException("access log: cannot open " + sink.file + " for appending: " + e, e);
        }
        return sink;
    }

    @Override
    public void beginBatch(long epochMillis) {
        if (rotation == Rotation.DAILY) {
            LocalDate today = LocalDate.ofInstant(Instant.ofEpochMilli(epochMillis), zone);
            if (day != null && today.isAfter(day)) {
                closeChannel();
                rollOver(day);
            }
            day = today;
        }
    }

    @Override
    public void write(LineBuffer line) {
        int needed = line.length() + 1;
        if (BUFFER - length < needed) {
            flush();
            if (BUFFER < needed) {
                writeLong(line);
                return;
            }
        }
        System.arraycopy(line.bytes(), 0, bytes, length, line.length());
        length += line.length();
        bytes[length++] = '\n';
        lines++;
    }

    /** A line longer than the buffer: written on its own. */
    private void writeLong(LineBuffer line) {
        ByteBuffer whole = ByteBuffer.allocate(line.length() + 1).put(line.bytes(), 0, line.length()).put((byte) '\n');
        try {
            writeFully(whole.flip());
        } catch (IOException e) {
            failed(e, 1);
        }
    }

    @Override
    public void endBatch() {
        flush();
    }

    @Override
    public void close() {
        flush();
        closeChannel();
    }

    private void flush() {
        if (length == 0) {
            return;
        }
        buffer.clear().limit(length);
        try {
            writeFully(buffer);
        } catch (IOException e) {
            failed(e, lines);
        }
        length = 0;
        lines = 0;
    }

    private void writeFully(ByteBuffer data) throws IOException {
        if (channel == null) {
            channel = open();
        }
        while (data.hasRemaining()) {
            channel.write(data);
        }
    }

    private FileChannel open() throws IOException {
        Path parent = file.getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        if (rotation == Rotation.DAILY && Files.exists(file)) {
            LocalDate written = LocalDate.ofInstant(Files.getLastModifiedTime(file).toInstant(), zone);
            LocalDate today = day != null ? day : LocalDate.now(zone);
            if (written.isBefore(today)) {
                rollOver(written);
            }
        }
        // APPEND: every write goes to the end, also after an outside tool truncated the file
        return FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
    }

    private void failed(IOException e, int count) {
        lost.accept(count);
        closeChannel();
        long now = System.nanoTime();
        if (now - reportedNanos >= REPORT_EVERY_NANOS) {
            reportedNanos = now;
            LOG.log(System.Logger.Level.WARNING, "access log: " + count + " lines not written to " + file + ": " + e);
        }
    }

    private void closeChannel() {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException e) {
                LOG.log(System.Logger.Level.DEBUG, "access log: closing " + file + ": " + e);
            }
            channel = null;
        }
    }

    /** Renames the file to the name of {@code ended}, the day it holds, then deletes files past the history. */
    private void rollOver(LocalDate ended) {
        try {
            if (Files.exists(file)) {
                Path target = file.resolveSibling(file.getFileName() + "." + ended);
                for (int n = 1; Files.exists(target); n++) {
                    target = file.resolveSibling(file.getFileName() + "." + ended + "." + n);
                }
                Files.move(file, target);
            }
            if (maxHistory > 0) {
                deleteBefore(ended.minusDays(maxHistory - 1L));
            }
        } catch (IOException e) {
            LOG.log(System.Logger.Level.WARNING, "access log: rolling over " + file + ": " + e);
        }
    }

    private void deleteBefore(LocalDate oldestKept) throws IOException {
        String prefix = file.getFileName() + ".";
        try (DirectoryStream<Path> siblings = Files.newDirectoryStream(file.getParent(), prefix + "*")) {
            for (Path sibling : siblings) {
                LocalDate date = dateOf(sibling.getFileName().toString().substring(prefix.length()));
                if (date != null && date.isBefore(oldestKept)) {
                    Files.deleteIfExists(sibling);
                }
            }
        }
    }

    /** The day in a rolled file's suffix ({@code 2026-11-26} or {@code 2026-11-26.2}), null for other files. */
    private static LocalDate dateOf(String suffix) {
        if (suffix.length() < 10) {
            return null;
        }
        String rest = suffix.substring(10);
        if (!rest.isEmpty() && !rest.matches("\\.\\d+")) {
            return null;
        }
        try {
            return LocalDate.parse(suffix.substring(0, 10));
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
