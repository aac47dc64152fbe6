package dev.brisk.http.reliability;

import com.sun.management.UnixOperatingSystemMXBean;
import dev.brisk.http.HttpServer;
import dev.brisk.http.ServerRequest;
import dev.brisk.http.testing.Dribblers;
import dev.brisk.http.testing.LatencyProbe;
import dev.brisk.http.testing.MemoryProbe;
import dev.brisk.http.testing.NonReaders;
import dev.brisk.http.testing.ReliabilityReport;
import dev.brisk.http.testing.SampledLeakDetection;
import io.netty.buffer.ByteBufAllocator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Slow and non-reading clients can neither starve a well-behaved client nor make the server's memory grow without
 * bound.
 *
 * <p>The attack, on a server with 2 IO threads and default limits and timeouts: <em>head dribblers</em> send a request
 * head one byte per second (slowloris); <em>body dribblers</em> send a complete head announcing a 1 MB body, then the
 * body one byte per second; <em>non-readers</em> pipeline {@code GET /big} (64 KiB responses) as fast as their sockets
 * (16 KiB kernel buffers) take the bytes and never read a response. A well-behaved keep-alive client measures its
 * latency before the attack and once the attack is in place (every connection open, every non-reader done or held
 * back by the server), in rounds of sequential requests; its p99 under attack must stay within 2x of its unloaded p99
 * (measured before the attack and again after it, the higher of the two counting), or within 20 ms when that is more:
 * a sub-millisecond baseline on a busy two-core machine moves by 2x without any attack, a starved client does not
 * stay under 20 ms.
 *
 * <p>{@link #shortAttack()} runs in the default build (a few seconds, 60 s at most): 1000 head dribblers, 200 body
 * dribblers, 100 non-readers. {@link #longAttack()} holds 5000 + 1000 + 200 connections for 5 minutes, measuring
 * latency every 15 s; it runs only when asked for:
 * <pre>mvn -pl brisk-http test -Preliability-long -Dtest=SlowClientsTest</pre>
 * Both take two file descriptors per connection (client and server share this JVM); with a lower open-file limit the
 * attack is scaled down to fit, and skipped when fewer than 100 connections would fit.
 */
@SampledLeakDetection
class SlowClientsTest {

    private static final String AREA = "slow clients";
    private static final long MIB = 1024 * 1024;
    /** The least latency bound (µs) for the normal client under attack; see where it is used. */
    private static final long LATENCY_FLOOR_MICROS = 20_000;
    /** Each non-reader sends at most this much; 100 of them are allowed 100 MiB, above the memory bound. */
    private static final long QUOTA = MIB;
    private static final int NON_READER_SOCKET_BUFFERS = 16 * 1024;
    private static final int WARMUP = 10_000;
    /** The normal client's latency is measured in rounds of this many requests... */
    private static final int ROUND_SAMPLES = 2000;
    /** ...this many rounds at a time, before the attack and at each measurement under attack. */
    private static final int ROUNDS = 5;
    private static final Duration SETTLE = Duration.ofSeconds(20);

    /** Large enough that a few unread responses fill the kernel's socket buffers, so the server's writes stall. */
    private static final byte[] BIG = "b".repeat(64 * 1024).getBytes(StandardCharsets.US_ASCII);
    private static final byte[] HEAD = ("GET /slow HTTP/1.1\r\nHost: localhost\r\nUser-Agent: slowloris\r\nX-Padding: "
            + "p".repeat(400) + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
    private static final byte[] BODY_HEAD = ("POST /upload HTTP/1.1\r\nHost: localhost\r\nContent-Type: "
            + "application/octet-stream\r\nContent-Length: 1000000\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
    private static final byte[] BODY = "x".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] PIPELINED = "GET /big HTTP/1.1\r\nHost: localhost\r\n\r\n"
            .getBytes(StandardCharsets.US_ASCII);

    private final AtomicLong bigResponses = new AtomicLong();

    /**
     * How many connections of each kind, how long to keep measuring once the attack is in place, and how much the
     * server may grow meanwhile (Netty's buffers, all direct memory, live heap; each on its own).
     */
    private record Attack(String name, int headDribblers, int bodyDribblers, int nonReaders, Duration hold,
                          long memoryBound) {

        int connections() {
            return headDribblers + bodyDribblers + nonReaders;
        }

        Attack scaled(double factor) {
            return new Attack(name, (int) (headDribblers * factor), (int) (bodyDribblers * factor),
                    Math.max(1, (int) (nonReaders * factor)), hold, memoryBound);
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shortAttack() throws Exception {
        run(new Attack("shortAttack", 1000, 200, 100, Duration.ZERO, 64 * MIB));
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.MINUTES)
    @EnabledIfSystemProperty(named = "brisk.reliability.long", matches = "true")
    void longAttack() throws Exception {
        run(new Attack("longAttack", 5000, 1000, 200, Duration.ofMinutes(5), 128 * MIB));
    }

    /**
     * HTTP/1.1 backpressure on its own: one client pipelines up to 8 MiB of requests (some 13 GiB of responses) without
     * reading; the server must stop reading it once its outbound buffer is full, holding a bounded amount of memory.
     */
    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void neverReadingPipelinerIsHeldBack() throws Exception {
        long quota = 8 * MIB;
        long bound = 16 * MIB;
        HttpServer server = start();
        try {
            MemoryProbe.Snapshot before = MemoryProbe.afterGc();
            long peak = before.netty();
            try (NonReaders reader = new NonReaders(server.port(), 1, PIPELINED, quota, NON_READER_SOCKET_BUFFERS)) {
                long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
                while (!reader.settled() && System.nanoTime() < deadline && peak - before.netty() <= bound) {
                    Thread.sleep(20);
                    peak = Math.max(peak, MemoryProbe.now().netty());
                }
                long sent = reader.bytesSent();
                assertThat(peak - before.netty()).as("Netty memory growth (MiB %.1f) while the client sent %.1f MiB",
                        MemoryProbe.mib(peak - before.netty()), MemoryProbe.mib(sent)).isLessThanOrEqualTo(bound);
                assertThat(reader.stalled()).as("the server stopped reading the client before its %d MiB",
                        quota / MIB).isEqualTo(1);
                ReliabilityReport.record(AREA, "SlowClientsTest.neverReadingPipelinerIsHeldBack",
                        "a client that pipelines GETs and never reads is no longer read once the server's outbound "
                                + "buffer is full (HTTP/1.1 backpressure), so server memory stays bounded",
                        String.format("client sent %.2f MiB of requests before its socket took no more; %d responses "
                                        + "of 64 KiB produced; Netty memory +%.1f MiB (bound %d MiB)",
                                MemoryProbe.mib(sent), bigResponses.get(), MemoryProbe.mib(peak - before.netty()),
                                bound / MIB));
            }
        } finally {
            stopOnceClientsLeft(server);
        }
    }

    private HttpServer start() {
        return HttpServer.builder().host("127.0.0.1").port(0).options(o -> o.ioThreads(2)).handler(this::handle)
                .start();
    }

    private void handle(ServerRequest request) {
        if (request.path().equals("/big")) {
            bigResponses.incrementAndGet();
            // a buffer of the server's allocator, as a handler rendering a response would fill
            request.response().send(ByteBufAllocator.DEFAULT.buffer(BIG.length).writeBytes(BIG));
        } else {
            request.response().send("ok");
        }
    }

    private void run(Attack requested) throws Exception {
        Attack attack = fitToFileLimit(requested);
        HttpServer server = start();
        int port = server.port();
        try (LatencyProbe probe = new LatencyProbe(port, "/hello")) {
            probe.run(WARMUP);
            MemoryProbe.Snapshot before = MemoryProbe.afterGc();
            Latencies unloaded = measure(probe, new Latencies());

            MemoryWatch watch = new MemoryWatch(before, attack.memoryBound());
            watch.start();
            long attackStart = System.nanoTime();
            Latencies loaded = new Latencies();
            String attackFigures;
            try (Dribblers heads = new Dribblers("head-dribblers", port, attack.headDribblers(), new byte[0], HEAD);
                 Dribblers bodies = new Dribblers("body-dribblers", port, attack.bodyDribblers(), BODY_HEAD, BODY);
                 NonReaders nonReaders = new NonReaders(port, attack.nonReaders(), PIPELINED, QUOTA,
                         NON_READER_SOCKET_BUFFERS)) {
                long settleDeadline = System.nanoTime() + SETTLE.toNanos();
                while (!nonReaders.settled() && System.nanoTime() < settleDeadline && !watch.exceeded()) {
                    Thread.sleep(100);
                }
                if (watch.exceeded()) {
                    // fail now, while the attack is stopped by closing it, rather than let the server grow further
                    assertMemoryBounded(watch, before, MemoryProbe.now(), nonReaders.bytesSent(),
                            attack.memoryBound());
                }
                long settledAfter = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - attackStart);
                boolean settled = nonReaders.settled();
                long held = server.metrics().openConnections() - 1;

                long holdEnd = System.nanoTime() + attack.hold().toNanos();
                while (!watch.exceeded()) {
                    measure(probe, loaded);
                    if (System.nanoTime() >= holdEnd) {
                        break;
                    }
                    Thread.sleep(15_000);
                }
                long heldAtEnd = server.metrics().openConnections() - 1;
                MemoryProbe.Snapshot after = MemoryProbe.afterGc();
                watch.stopWatching();

                assertMemoryBounded(watch, before, after, nonReaders.bytesSent(), attack.memoryBound());
                assertThat(settled).as("every non-reader sent its %d MiB or was held back by the server (done %d, "
                        + "held back %d of %d)", QUOTA / MIB, nonReaders.done(), nonReaders.stalled(),
                        attack.nonReaders()).isTrue();
                assertThat(held).as("connections the server held during the attack")
                        .isGreaterThanOrEqualTo((long) (0.9 * attack.connections()));
                attackFigures = String.format("held %d connections (%d head + %d body dribblers at 1 B/s, %d "
                                + "non-readers; %d at the end, %d dribblers answered 408 and reconnected); "
                                + "non-readers sent %.1f MiB (%d reached %d MiB, %d held back, in place after %d ms, "
                                + "%d closed by the server and reopened); memory before: %s; peak Netty %.1f MiB, "
                                + "peak direct %.1f MiB; after GC under attack: %s",
                        held, attack.headDribblers(), attack.bodyDribblers(), attack.nonReaders(), heldAtEnd,
                        heads.timedOut() + bodies.timedOut(), MemoryProbe.mib(nonReaders.bytesSent()),
                        nonReaders.done(), QUOTA / MIB, nonReaders.stalled(), settledAfter,
                        nonReaders.closedByServer(), before, MemoryProbe.mib(watch.peakNetty()),
                        MemoryProbe.mib(watch.peakDirect()), after);
            } finally {
                watch.stopWatching();
            }
            // the baseline again once the attack has left, so that a machine busier than before (other processes on
            // a small CI box) raises the bound instead of failing the server
            awaitOnlyProbeConnected(server);
            Latencies unloadedAfter = measure(probe, new Latencies());
            // 2x the unloaded p99, but never below a floor: on a two-core machine that other jobs keep busy the
            // sub-millisecond baseline moves by more than 2x on its own, while a starved or stalled client waits
            // tens of milliseconds to seconds, which the floor still catches
            long latencyBound = Math.max(2 * Math.max(unloaded.p99(), unloadedAfter.p99()), LATENCY_FLOOR_MICROS);
            assertThat(loaded.p99()).as("p99 under attack (%s) against unloaded before (%s) and after (%s)", loaded,
                    unloaded, unloadedAfter).isLessThanOrEqualTo(latencyBound);
            ReliabilityReport.record(AREA, "SlowClientsTest." + attack.name(),
                    "under " + attack.connections() + " slow or never-reading connections the server keeps serving a "
                            + "normal client with a p99 latency within 2x of its unloaded p99, or " + LATENCY_FLOOR_MICROS / 1000
                            + " ms when that is more (median over rounds of "
                            + ROUND_SAMPLES + " requests, unloaded measured before and after the attack) and its "
                            + "memory stays within " + attack.memoryBound() / MIB + " MiB of the baseline",
                    String.format("%s; normal client p99 unloaded %s before and %s after vs %s under attack (bound "
                            + "%d µs)", attackFigures, unloaded, unloadedAfter, loaded, latencyBound));
        } finally {
            stopOnceClientsLeft(server);
        }
    }

    private static void awaitOnlyProbeConnected(HttpServer server) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (server.metrics().openConnections() > 1 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
    }

    /**
     * Rounds of the normal client, each phase starting from a collected heap: collections that the attack's garbage
     * or earlier tests' garbage would trigger inside a round are pauses of the JVM, not of the server's event loops.
     */
    private static Latencies measure(LatencyProbe probe, Latencies into) throws IOException, InterruptedException {
        MemoryProbe.afterGc();
        long collections = collections();
        for (int i = 0; i < ROUNDS; i++) {
            into.add(probe.sample(ROUND_SAMPLES));
        }
        into.collections += collections() - collections;
        return into;
    }

    private static long collections() {
        long count = 0;
        for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
            count += Math.max(0, collector.getCollectionCount());
        }
        return count;
    }

    /**
     * Rounds of latencies (µs). Their p99 is the median of the rounds' p99s: the p99 of a few thousand requests is set by
     * a few dozen of them, so a single collection or scheduling hiccup on a two-core machine moves a pooled figure by
     * milliseconds; the median round is what the normal client sees as a rule.
     */
    private static final class Latencies {
        private final List<LatencyProbe.Stats> rounds = new ArrayList<>();
        private final List<long[]> samples = new ArrayList<>();
        private long collections;

        void add(long[] micros) {
            rounds.add(LatencyProbe.Stats.of(micros));
            samples.add(micros);
        }

        long p99() {
            long[] p99s = rounds.stream().mapToLong(LatencyProbe.Stats::p99).sorted().toArray();
            return p99s[p99s.length / 2];
        }

        @Override
        public String toString() {
            LatencyProbe.Stats pooled = LatencyProbe.Stats.of(samples.stream().flatMapToLong(Arrays::stream)
                    .toArray());
            long[] p99s = rounds.stream().mapToLong(LatencyProbe.Stats::p99).sorted().toArray();
            return String.format("%d µs (rounds %d-%d µs; all %d requests: p50 %d µs, p99 %d µs, max %d µs; %d "
                            + "collections)", p99(), p99s[0], p99s[p99s.length - 1], pooled.requests(), pooled.p50(),
                    pooled.p99(), pooled.max(), collections);
        }
    }

    /**
     * Lets the server see every client connection close before stopping it: stopping the event loops while thousands
     * of connections are still being closed makes the io_uring transport reject tasks and lose read buffers.
     */
    private static void stopOnceClientsLeft(HttpServer server) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (server.metrics().openConnections() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        server.closeNow();
    }

    private static void assertMemoryBounded(MemoryWatch watch, MemoryProbe.Snapshot before,
                                            MemoryProbe.Snapshot after, long sent, long bound) {
        String context = String.format("while non-readers sent %.1f MiB; before: %s; at the end: %s",
                MemoryProbe.mib(sent), before, after);
        assertThat(watch.peakNetty() - before.netty()).as("growth of Netty's buffers " + context)
                .isLessThanOrEqualTo(bound);
        assertThat(watch.peakDirect() - before.direct()).as("growth of direct memory " + context)
                .isLessThanOrEqualTo(bound);
        assertThat(after.heap() - before.heap()).as("growth of the live heap " + context)
                .isLessThanOrEqualTo(bound);
    }

    /** Scales the attack to the open-file limit: two descriptors per connection plus a margin. */
    private static Attack fitToFileLimit(Attack attack) {
        OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        if (!(os instanceof UnixOperatingSystemMXBean unix)) {
            return attack;
        }
        long available = unix.getMaxFileDescriptorCount() - unix.getOpenFileDescriptorCount() - 512;
        long needed = 2L * attack.connections();
        if (needed <= available) {
            return attack;
        }
        Attack scaled = attack.scaled(available / (double) needed);
        assumeTrue(scaled.connections() >= 100, "open-file limit " + unix.getMaxFileDescriptorCount()
                + " leaves room for fewer than 100 attacking connections (needs " + needed + " descriptors)");
        return scaled;
    }

    /**
     * Samples the server's memory every 50 ms while the attack runs: keeps the peaks, and flags when the bound is
     * exceeded, so that a server without bounds fails the test before it takes the JVM down.
     */
    private static final class MemoryWatch extends Thread {
        private final MemoryProbe.Snapshot baseline;
        private final long bound;
        private volatile boolean running = true;
        private volatile long peakNetty;
        private volatile long peakDirect;

        MemoryWatch(MemoryProbe.Snapshot baseline, long bound) {
            super("memory-watch");
            setDaemon(true);
            this.baseline = baseline;
            this.bound = bound;
            this.peakNetty = baseline.netty();
            this.peakDirect = baseline.direct();
        }

        @Override
        public void run() {
            while (running) {
                MemoryProbe.Snapshot now = MemoryProbe.now();
                peakNetty = Math.max(peakNetty, now.netty());
                peakDirect = Math.max(peakDirect, now.direct());
                try {
                    Thread.sleep(50);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }

        boolean exceeded() {
            return peakNetty - baseline.netty() > bound || peakDirect - baseline.direct() > bound;
        }

        long peakNetty() {
            return peakNetty;
        }

        long peakDirect() {
            return peakDirect;
        }

        void stopWatching() throws InterruptedException {
            running = false;
            join(1000);
        }
    }
}
