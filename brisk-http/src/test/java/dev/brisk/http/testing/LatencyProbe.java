package dev.brisk.http.testing;

import java.io.IOException;
import java.util.Arrays;

/**
 * A well-behaved client: sequential HTTP/1.1 keep-alive GETs on one connection, each timed from the first byte sent
 * to the last byte of the response read. Every response must be a 200.
 */
public final class LatencyProbe implements AutoCloseable {

    /** Latencies of one run, in microseconds. */
    public record Stats(int requests, long p50, long p99, long max) {

        /** The figures of any number of latencies (µs). */
        public static Stats of(long[] micros) {
            long[] sorted = micros.clone();
            Arrays.sort(sorted);
            return new Stats(sorted.length, percentile(sorted, 50), percentile(sorted, 99), sorted[sorted.length - 1]);
        }

        private static long percentile(long[] sorted, double p) {
            int rank = (int) Math.ceil(p / 100 * sorted.length) - 1;
            return sorted[Math.max(0, Math.min(sorted.length - 1, rank))];
        }

        @Override
        public String toString() {
            return String.format("p50 %d µs, p99 %d µs, max %d µs over %d requests", p50, p99, max, requests);
        }
    }

    private final RawConnection connection;
    private final String request;

    public LatencyProbe(int port, String path) throws IOException {
        this.connection = new RawConnection(port);
        this.request = "GET " + path + " HTTP/1.1\r\nHost: localhost\r\n\r\n";
    }

    /** Sends {@code requests} requests one after the other. */
    public Stats run(int requests) throws IOException {
        return Stats.of(sample(requests));
    }

    /** Sends {@code requests} requests one after the other; returns each one's latency in µs. */
    public long[] sample(int requests) throws IOException {
        long[] micros = new long[requests];
        for (int i = 0; i < requests; i++) {
            long start = System.nanoTime();
            connection.send(request);
            RawConnection.Response response = connection.read();
            micros[i] = (System.nanoTime() - start) / 1000;
            if (response.status() != 200) {
                throw new AssertionError("well-behaved client got " + response.status() + " on request " + i);
            }
        }
        return micros;
    }

    @Override
    public void close() throws IOException {
        connection.close();
    }
}
