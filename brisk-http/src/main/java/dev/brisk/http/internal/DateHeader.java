package dev.brisk.http.internal;

import dev.brisk.http.common.HttpDates;

import java.nio.charset.StandardCharsets;
import java.time.Instant;

/** The {@code Date} response header line, re-formatted at most once per second and shared by all connections. */
public final class DateHeader {

    private static final class Snapshot {
        final long second;
        final byte[] line;
        final String value;

        Snapshot(long second, String value) {
            this.second = second;
            this.value = value;
            this.line = ("date: " + value + "\r\n").getBytes(StandardCharsets.US_ASCII);
        }
    }

    private static volatile Snapshot current = snapshot(System.currentTimeMillis() / 1000);

    private DateHeader() {
    }

    /** {@code date: <IMF-fixdate>\r\n} for the current second. */
    public static byte[] line() {
        return fresh().line;
    }

    /** The IMF-fixdate of the current second. */
    public static String value() {
        return fresh().value;
    }

    private static Snapshot fresh() {
        Snapshot snapshot = current;
        long second = System.currentTimeMillis() / 1000;
        if (snapshot.second != second) {
            snapshot = snapshot(second);
            current = snapshot;
        }
        return snapshot;
    }

    private static Snapshot snapshot(long second) {
        return new Snapshot(second, HttpDates.format(Instant.ofEpochSecond(second)));
    }
}
