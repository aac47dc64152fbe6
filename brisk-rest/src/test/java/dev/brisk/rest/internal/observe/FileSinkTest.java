package dev.brisk.rest.internal.observe;

import dev.brisk.rest.observe.AccessLogOptions.Rotation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** The access log's own file: encoding, batches, daily rotation and its history, a file that cannot be written. */
class FileSinkTest {

    private static final ZoneId ZONE = ZoneId.systemDefault();
    private static final LocalDate DAY = LocalDate.of(2026, 11, 24);

    @TempDir
    Path dir;

    private final AtomicLong lost = new AtomicLong();

    private static long at(LocalDate day, int hour, int minute) {
        return day.atTime(LocalTime.of(hour, minute)).atZone(ZONE).toInstant().toEpochMilli();
    }

    private FileSink sink(Path file, Rotation rotation, int maxHistory) {
        return new FileSink(file, rotation, maxHistory, lost::addAndGet);
    }

    private static LineBuffer line(String text) {
        LineBuffer line = new LineBuffer();
        line.append(text);
        return line;
    }

    private static void batch(FileSink sink, long epochMillis, String... lines) {
        sink.beginBatch(epochMillis);
        for (String line : lines) {
            sink.write(line(line));
        }
        sink.endBatch();
    }

    @Test
    void writesUtf8LinesOncePerBatch() throws IOException {
        Path file = dir.resolve("access.log");
        FileSink sink = sink(file, Rotation.NONE, 0);
        sink.beginBatch(System.currentTimeMillis());
        sink.write(line("plain ascii"));
        sink.write(line("J\u00fcrgen pays 5 \u20ac \ud83d\ude00 and a lone \ud800 surrogate"));
        assertThat(file).doesNotExist(); // held until the batch ends
        sink.endBatch();
        String longLine = "x".repeat(100_000); // longer than the buffer
        batch(sink, System.currentTimeMillis(), "before", longLine, "after");
        sink.close();
        assertThat(Files.readAllLines(file, StandardCharsets.UTF_8)).containsExactly("plain ascii",
                "J\u00fcrgen pays 5 \u20ac \ud83d\ude00 and a lone ? surrogate", "before", longLine, "after");
        assertThat(lost).hasValue(0);
    }

    @Test
    void manyBatchesFillTheBufferAndLoseNothing() throws IOException {
        Path file = dir.resolve("access.log");
        FileSink sink = sink(file, Rotation.NONE, 0);
        sink.beginBatch(System.currentTimeMillis());
        for (int i = 0; i < 20_000; i++) {
            sink.write(line("line " + i + " " + "y".repeat(i % 300)));
        }
        sink.close();
        List<String> lines = Files.readAllLines(file);
        assertThat(lines).hasSize(20_000);
        for (int i = 0; i < lines.size(); i += 997) {
            assertThat(lines.get(i)).isEqualTo("line " + i + " " + "y".repeat(i % 300));
        }
    }

    @Test
    void dailyRotationRollsOverAtMidnightAndKeepsTheHistoryAskedFor() throws IOException {
        Path file = dir.resolve("access.log");
        Files.writeString(dir.resolve("access.log.2026-11-20"), "old\n");
        Files.writeString(dir.resolve("access.log.2026-11-22"), "kept\n");
        Files.writeString(dir.resolve("access.log.notes"), "not a rolled file\n");
        FileSink sink = sink(file, Rotation.DAILY, 3);
        batch(sink, at(DAY, 23, 59), "monday late");
        batch(sink, at(DAY.plusDays(1), 0, 0), "tuesday early");
        batch(sink, at(DAY.plusDays(1), 12, 0), "tuesday noon");
        batch(sink, at(DAY.plusDays(3), 8, 0), "thursday"); // a day without requests leaves no file
        sink.close();
        assertThat(Files.readAllLines(dir.resolve("access.log.2026-11-24"))).containsExactly("monday late");
        assertThat(Files.readAllLines(dir.resolve("access.log.2026-11-25")))
                .containsExactly("tuesday early", "tuesday noon");
        assertThat(Files.readAllLines(file)).containsExactly("thursday");
        // three days of history at the last rollover (25th, 24th, 23rd): the 22nd and the 20th are gone
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("access.log",
                    "access.log.2026-11-24", "access.log.2026-11-25", "access.log.notes");
        }
    }

    @Test
    void aFileLastWrittenOnAnEarlierDayIsRolledOverAtStartWithoutOverwritingOne() throws IOException {
        Path file = dir.resolve("access.log");
        Files.writeString(dir.resolve("access.log.2026-11-23"), "rolled before\n");
        Files.writeString(file, "from sunday\n");
        Files.setLastModifiedTime(file, FileTime.from(DAY.minusDays(1).atTime(18, 0).atZone(ZONE).toInstant()));
        FileSink sink = sink(file, Rotation.DAILY, 0);
        batch(sink, at(DAY, 9, 0), "monday");
        sink.close();
        assertThat(Files.readAllLines(dir.resolve("access.log.2026-11-23"))).containsExactly("rolled before");
        assertThat(Files.readAllLines(dir.resolve("access.log.2026-11-23.1"))).containsExactly("from sunday");
        assertThat(Files.readAllLines(file)).containsExactly("monday");
    }

    @Test
    void withoutRotationAFileOfAnEarlierDayIsAppendedTo() throws IOException {
        Path file = dir.resolve("access.log");
        Files.writeString(file, "from sunday\n");
        Files.setLastModifiedTime(file, FileTime.from(DAY.minusDays(1).atTime(18, 0).atZone(ZONE).toInstant()));
        FileSink sink = sink(file, Rotation.NONE, 0);
        batch(sink, at(DAY, 9, 0), "monday");
        batch(sink, at(DAY.plusDays(1), 9, 0), "tuesday");
        sink.close();
        assertThat(Files.readAllLines(file)).containsExactly("from sunday", "monday", "tuesday");
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).hasSize(1);
        }
    }

    @Test
    void linesThatCannotBeWrittenAreCountedAndTheFileIsOpenedAgainLater() throws IOException {
        Path blocker = dir.resolve("logs");
        Files.writeString(blocker, "a file where the directory should be");
        Path file = blocker.resolve("access.log");
        FileSink sink = sink(file, Rotation.NONE, 0);
        batch(sink, System.currentTimeMillis(), "one", "two");
        assertThat(lost).hasValue(2);
        Files.delete(blocker);
        batch(sink, System.currentTimeMillis(), "three");
        sink.close();
        assertThat(Files.readAllLines(file)).containsExactly("three");
        assertThat(lost).hasValue(2);
    }
}
