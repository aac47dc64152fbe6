package dev.brisk.http.testing;

import org.assertj.core.api.SoftAssertions;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A flood against a server in a JVM of its own, while a well-behaved client is measured: the server must survive it
 * with its memory bounded and keep serving.
 *
 * <p>The run: start the server main in a child JVM ({@link ChildServer#DEFAULT_JVM_OPTIONS}: 256 MiB of heap, touched
 * at start, and 256 MiB of direct memory), warm it up with the normal client, measure the normal client's unloaded
 * latency, take the child's resident memory as the baseline, flood it from {@code connections} connections for the
 * given duration while the normal client goes on measuring, close the flood, wait {@link #AFTER_LEAVING}, check that a
 * new client is answered, and measure the unloaded latency again. {@link Result#assertSurvived()} then holds the
 * server to: alive, no {@code OutOfMemoryError} in its output, every request of the normal client answered, its p99
 * under the flood within 2x its unloaded p99 (the larger of before and after, at least {@link #LATENCY_FLOOR_MICROS};
 * each p99 the median of per-second windows, see {@link LatencyWindows}), resident memory never more than
 * {@link #RESIDENT_GROWTH_BOUND} above the baseline, and answers once the flood has left. The child's resident memory
 * is sampled every second; a flood that takes it more than four times the bound above the baseline, or kills it, is
 * stopped early.
 */
public final class FloodSoak {

    /** One well-behaved client of the server. */
    public interface Probe extends AutoCloseable {

        /** One request; returns once it has been answered as it should be, throws otherwise. */
        void call() throws Exception;
    }

    /** Opens a {@link Probe} to the child server. */
    @FunctionalInterface
    public interface ProbeOpener {
        Probe open(ChildServer child) throws Exception;
    }

    public static final long MIB = 1024 * 1024;
    public static final long RESIDENT_GROWTH_BOUND = 64 * MIB;
    /** The least latency bound under the flood (µs), as in {@code SlowClientsTest}: a sub-millisecond baseline on a
     *  busy two-core machine moves by 2x without any attack, a starved client does not stay under 20 ms. */
    public static final long LATENCY_FLOOR_MICROS = 20_000;
    public static final Duration AFTER_LEAVING = Duration.ofSeconds(10);
    private static final Duration WARMUP = Duration.ofSeconds(5);
    private static final Duration WINDOW = Duration.ofSeconds(1);
    private static final int UNLOADED_WINDOWS = 5;
    private static final int ANSWER_CHECKS = 100;
    private static final long ABORT_GROWTH = 4 * RESIDENT_GROWTH_BOUND;
    private static final Pattern OUT_OF_MEMORY = Pattern.compile(".*OutOfMemoryError.*");

    private final String name;
    private final Class<?> serverMain;
    private final ProbeOpener probes;
    private final Flooders.Flood flood;
    private final int connections;
    private final Duration duration;

    /**
     * @param name        names the run (its log is {@code target/flood/<name>.log})
     * @param serverMain  the child's main class; see {@link ChildServer#serveUntilParentLeaves}
     * @param probes      opens the normal client
     * @param flood       what each flooding connection sends, to the child's first port
     * @param connections flooding connections
     * @param duration    how long the flood lasts
     */
    public FloodSoak(String name, Class<?> serverMain, ProbeOpener probes, Flooders.Flood flood, int connections,
                     Duration duration) {
        this.name = Objects.requireNonNull(name);
        this.serverMain = Objects.requireNonNull(serverMain);
        this.probes = Objects.requireNonNull(probes);
        this.flood = Objects.requireNonNull(flood);
        this.connections = connections;
        this.duration = Objects.requireNonNull(duration);
    }

    /**
     * A normal HTTP/1.1 client of the child's first port: sequential keep-alive GETs of {@code path}, each answered
     * with a 200.
     */
    public static ProbeOpener http(String path) {
        String request = "GET " + path + " HTTP/1.1\r\nHost: localhost\r\n\r\n";
        return child -> {
            RawConnection connection = new RawConnection(child.port());
            return new Probe() {
                @Override
                public void call() throws Exception {
                    int status = connection.send(request).read().status();
                    if (status != 200) {
                        throw new IllegalStateException("GET " + path + " answered " + status);
                    }
                }

                @Override
                public void close() throws Exception {
                    connection.close();
                }
            };
        };
    }

    /**
     * The flood's duration: {@code brisk.flood.seconds} when set (short runs by hand), otherwise {@code standard}.
     */
    public static Duration duration(Duration standard) {
        String seconds = System.getProperty("brisk.flood.seconds");
        return seconds == null || seconds.isBlank() ? standard : Duration.ofSeconds(Long.parseLong(seconds.trim()));
    }

    /** Runs the whole soak and returns what it measured; assert with {@link Result#assertSurvived()}. */
    public Result run() throws Exception {
        assumeTrue(ChildServer.residentMemoryVisible(), "resident memory is read from /proc (Linux only)");
        try (ChildServer child = ChildServer.start(serverMain, ChildServer.DEFAULT_JVM_OPTIONS,
                Path.of("target", "flood", name + ".log"));
             ResidentMemoryWatch memory = new ResidentMemoryWatch(child)) {
            long atLaunch = memory.latest();
            LatencyWindows before = new LatencyWindows();
            LatencyWindows underFlood = new LatencyWindows();
            Probe probe = probes.open(child);
            long baseline;
            long started;
            long bytesSent;
            long closedByServer;
            try {
                warmUp(probe);
                measure(probe, before, UNLOADED_WINDOWS);
                baseline = memory.markBaseline();
                started = System.nanoTime();
                try (Flooders flooders = new Flooders(name, child.port(), connections, flood)) {
                    long end = started + duration.toNanos();
                    while (System.nanoTime() < end && child.isAlive() && memory.growth() <= ABORT_GROWTH) {
                        probe = window(probe, child, underFlood);
                    }
                    bytesSent = flooders.bytesSent();
                    closedByServer = flooders.closedByServer();
                }
            } finally {
                closeQuietly(probe);
            }
            Duration flooded = Duration.ofNanos(System.nanoTime() - started);

            Thread.sleep(AFTER_LEAVING.toMillis());
            String answers = answers(child);
            LatencyWindows after = new LatencyWindows();
            if (answers == null) {
                try (Probe fresh = probes.open(child)) {
                    measure(fresh, after, UNLOADED_WINDOWS);
                }
            }
            boolean alive = child.isAlive();
            String output = child.output();
            Matcher outOfMemory = OUT_OF_MEMORY.matcher(output);
            return new Result(name, duration, flooded, connections, bytesSent, closedByServer, alive,
                    outOfMemory.find() ? outOfMemory.group().trim() : null, atLaunch, baseline, memory.peak(),
                    memory.samples(), before, underFlood, after, answers, child.log());
        }
    }

    private void warmUp(Probe probe) throws Exception {
        long end = System.nanoTime() + WARMUP.toNanos();
        while (System.nanoTime() < end) {
            probe.call();
        }
    }

    private static void measure(Probe probe, LatencyWindows into, int windows) throws Exception {
        for (int i = 0; i < windows; i++) {
            into.add(windowOf(probe));
        }
    }

    /** One window of sequential requests; a request that fails is counted and the probe is opened again. */
    private Probe window(Probe probe, ChildServer child, LatencyWindows into) throws InterruptedException {
        try {
            into.add(windowOf(probe));
            return probe;
        } catch (Exception failed) {
            into.failed(failed);
            closeQuietly(probe);
            while (child.isAlive()) {
                try {
                    return probes.open(child);
                } catch (Exception refused) {
                    into.failed(refused);
                    Thread.sleep(WINDOW.toMillis());
                }
            }
            return probe;
        }
    }

    private static long[] windowOf(Probe probe) throws Exception {
        long[] micros = new long[1024];
        int count = 0;
        long end = System.nanoTime() + WINDOW.toNanos();
        long now = System.nanoTime();
        while (now < end) {
            probe.call();
            long done = System.nanoTime();
            if (count == micros.length) {
                micros = Arrays.copyOf(micros, count * 2);
            }
            micros[count++] = (done - now) / 1000;
            now = done;
        }
        return Arrays.copyOf(micros, count);
    }

    /** {@code null} when a new client gets {@link #ANSWER_CHECKS} answers, otherwise what went wrong. */
    private String answers(ChildServer child) {
        try (Probe probe = probes.open(child)) {
            for (int i = 0; i < ANSWER_CHECKS; i++) {
                probe.call();
            }
            return null;
        } catch (Exception e) {
            return e.toString();
        }
    }

    private static void closeQuietly(Probe probe) {
        try {
            probe.close();
        } catch (Exception ignored) {
            // a probe whose connection the server broke
        }
    }

    /** What one soak measured. Memory in bytes, latencies in µs. */
    public record Result(String name, Duration planned, Duration flooded, int connections, long bytesSent,
                         long closedByServer, boolean alive, String outOfMemory, long residentAtLaunch,
                         long residentBaseline, long residentPeak, int residentSamples, LatencyWindows unloadedBefore,
                         LatencyWindows underFlood, LatencyWindows unloadedAfter, String answersAfterLeaving,
                         Path log) {

        public long residentGrowth() {
            return residentPeak - residentBaseline;
        }

        /** 2x the larger unloaded p99, at least {@link #LATENCY_FLOOR_MICROS}. */
        public long latencyBound() {
            long unloaded = unloadedBefore.p99();
            if (unloadedAfter.windows() > 0) {
                unloaded = Math.max(unloaded, unloadedAfter.p99());
            }
            return Math.max(2 * unloaded, LATENCY_FLOOR_MICROS);
        }

        /** Every guarantee of the soak, each failure reported with all the figures. */
        public void assertSurvived() {
            SoftAssertions softly = new SoftAssertions();
            String figures = " (" + measured() + "; child output in " + log + ")";
            softly.assertThat(alive).as("the server is alive" + figures).isTrue();
            softly.assertThat(outOfMemory).as("OutOfMemoryError in the server's output" + figures).isNull();
            softly.assertThat(flooded).as("the flood ran its course" + figures).isGreaterThanOrEqualTo(planned);
            softly.assertThat(underFlood.failures()).as("normal client's requests that failed under the flood ("
                    + underFlood.firstFailure() + ")" + figures).isZero();
            softly.assertThat(underFlood.p99()).as("normal client's p99 under the flood, µs" + figures)
                    .isLessThanOrEqualTo(latencyBound());
            softly.assertThat(residentGrowth()).as("resident memory growth, bytes" + figures)
                    .isLessThanOrEqualTo(RESIDENT_GROWTH_BOUND);
            softly.assertThat(answersAfterLeaving).as("a new client answered " + AFTER_LEAVING.toSeconds()
                    + " s after the flood left" + figures).isNull();
            softly.assertAll();
        }

        /** What the soak proves, for the reliability report. */
        public String proves(String flood) {
            return String.format("a server in its own JVM (-Xmx256m, -XX:MaxDirectMemorySize=256m) survives %d s of %s "
                            + "from %d connections that never read: no OutOfMemoryError, resident memory at most %d MiB "
                            + "above its level before the flood (sampled every second), a normal client answered "
                            + "throughout with a p99 within 2x its unloaded p99 or %d ms (median of per-second windows), "
                            + "a new client answered %d s after the flood left",
                    planned.toSeconds(), flood, connections, RESIDENT_GROWTH_BOUND / MIB,
                    LATENCY_FLOOR_MICROS / 1000, AFTER_LEAVING.toSeconds());
        }

        /** The figures, for the reliability report and failure messages. */
        public String measured() {
            return String.format("flood %.1f s, %.1f MiB sent, %d connections closed by the server; resident memory "
                            + "%.1f MiB at launch, %.1f MiB before the flood, peak %.1f MiB (+%.1f MiB, %d samples); "
                            + "normal client p99 unloaded %s before and %s after vs %s under the flood (bound %d µs); "
                            + "%s; %s",
                    flooded.toMillis() / 1000.0, bytesSent / (double) MIB, closedByServer, residentAtLaunch / (double) MIB,
                    residentBaseline / (double) MIB, residentPeak / (double) MIB, residentGrowth() / (double) MIB,
                    residentSamples, unloadedBefore, unloadedAfter, underFlood, latencyBound(),
                    answersAfterLeaving == null ? "answered " + AFTER_LEAVING.toSeconds() + " s after it left"
                            : "not answered after it left: " + answersAfterLeaving,
                    alive ? (outOfMemory == null ? "alive, no OutOfMemoryError" : "alive, " + outOfMemory)
                            : "dead" + (outOfMemory == null ? "" : ", " + outOfMemory));
        }

        /** Records this run in the reliability report; call after {@link #assertSurvived()}. */
        public void record(String area, String test, String flood) {
            ReliabilityReport.record(area, test, proves(flood), measured());
        }

        /** Prints the figures, so that a failing run leaves them in the test output too. */
        public Result print() {
            System.out.println("[" + name + "] " + measured());
            return this;
        }
    }
}
