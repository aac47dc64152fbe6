package dev.brisk.rpc;

import dev.brisk.rpc.Nodes.GatedNode;
import dev.brisk.rpc.Nodes.Node;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * Measures what a hung provider does to a client's throughput (not a test: it prints numbers). Three providers in
 * this JVM, a client whose 50 caller threads are offered 200 synchronous calls a second; after a few seconds one
 * provider's service method blocks for {@code hang} seconds, then answers again. Prints the calls answered and failed
 * per 100 ms, the time until the answered calls are back at 90 % of the offered rate for half a second, and how soon
 * the hung provider answers again after it recovers.
 *
 * <p>Arguments: {@code default} (the default options) or {@code legacy} (round robin, no ejection, no warm-up), then
 * optionally the hang in seconds (20).
 */
public final class HangScenarioMain {

    private static final int RATE = 200;
    private static final int CALLERS = 50;
    private static final int WINDOW_MILLIS = 100;
    private static final int BEFORE_SECONDS = 3;
    private static final int AFTER_SECONDS = 10;

    private HangScenarioMain() {
    }

    public static void main(String[] args) throws Exception {
        boolean legacy = args.length > 0 && args[0].equals("legacy");
        int hangSeconds = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        int seconds = BEFORE_SECONDS + hangSeconds + AFTER_SECONDS;
        int windows = seconds * 1000 / WINDOW_MILLIS;
        AtomicIntegerArray answered = new AtomicIntegerArray(windows + 200);
        AtomicIntegerArray failed = new AtomicIntegerArray(windows + 200);
        AtomicIntegerArray answeredByHung = new AtomicIntegerArray(windows + 200);
        ConcurrentHashMap<String, AtomicInteger> failures = new ConcurrentHashMap<>();

        StaticRegistry registry = StaticRegistry.create();
        List<GatedNode> nodes = List.of(new GatedNode("a"), new GatedNode("b"), new GatedNode("c"));
        List<RpcServer> servers = new ArrayList<>();
        for (GatedNode node : nodes) {
            servers.add(RpcServer.builder().host("127.0.0.1").registry(registry).service(Node.class, node).start());
        }
        GatedNode hung = nodes.get(2);
        RpcClient client = RpcClient.builder().registry(registry).options(o -> {
            if (legacy) {
                o.loadBalance(LoadBalance.ROUND_ROBIN).outlierFailures(0).warmUp(Duration.ZERO);
            }
        }).build();
        client.awaitProviders(Node.class, 3, Duration.ofSeconds(10));
        Node node = client.proxy(Node.class);
        for (int i = 0; i < 3000; i++) {
            node.name(i);   // warm up
        }

        ExecutorService callers = Executors.newFixedThreadPool(CALLERS);
        ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor();
        long start = System.nanoTime();
        AtomicInteger offered = new AtomicInteger();
        ticker.scheduleAtFixedRate(() -> {
            int call = offered.incrementAndGet();
            callers.execute(() -> {
                try {
                    String name = node.name(call);
                    int window = window(start);
                    answered.incrementAndGet(window);
                    if (name.equals("c")) {
                        answeredByHung.incrementAndGet(window);
                    }
                } catch (RuntimeException e) {
                    failed.incrementAndGet(window(start));
                    failures.computeIfAbsent(e.getClass().getSimpleName(), k -> new AtomicInteger()).incrementAndGet();
                }
            });
        }, 0, 1_000_000 / RATE, TimeUnit.MICROSECONDS);

        Thread.sleep(BEFORE_SECONDS * 1000L);
        hung.hold();
        int hangWindow = window(start);
        Thread.sleep(hangSeconds * 1000L);
        hung.release();
        int releaseWindow = window(start);
        Thread.sleep(AFTER_SECONDS * 1000L);
        ticker.shutdownNow();
        callers.shutdown();
        callers.awaitTermination(10, TimeUnit.SECONDS);

        System.out.printf(Locale.ROOT, "%s options, %d calls/s offered by %d threads, provider c hung from %.1f s to"
                + " %.1f s%n", legacy ? "legacy" : "default", RATE, CALLERS, hangWindow / 10.0, releaseWindow / 10.0);
        System.out.println("answered/failed per 100 ms window, a line per second:");
        for (int second = 0; second < seconds; second++) {
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%3d s |", second));
            for (int w = second * 10; w < second * 10 + 10; w++) {
                line.append(String.format(Locale.ROOT, " %3d", answered.get(w)));
                line.append(failed.get(w) > 0 ? String.format(Locale.ROOT, "/%-2d", failed.get(w)) : "   ");
            }
            System.out.println(line);
        }
        int recovered = -1;
        for (int w = hangWindow; w + 5 <= releaseWindow && recovered < 0; w++) {
            boolean steady = true;
            for (int k = w; k < w + 5; k++) {
                steady &= answered.get(k) >= RATE * WINDOW_MILLIS / 1000 * 9 / 10;
            }
            if (steady) {
                recovered = w;
            }
        }
        long hangAnswered = 0;
        for (int w = hangWindow; w < releaseWindow; w++) {
            hangAnswered += answered.get(w);
        }
        int back = -1;
        for (int w = releaseWindow; w < windows && back < 0; w++) {
            if (answeredByHung.get(w) > 0) {
                back = w;
            }
        }
        int totalFailed = 0;
        for (int w = 0; w < windows + 200; w++) {
            totalFailed += failed.get(w);
        }
        System.out.printf(Locale.ROOT, "calls offered %d, failed %d %s%n", offered.get(), totalFailed, failures);
        System.out.printf(Locale.ROOT, "answered during the hang: %.1f calls/s%n",
                hangAnswered * 1000.0 / ((releaseWindow - hangWindow) * WINDOW_MILLIS));
        System.out.println("back to >= 90 % of the offered rate for 0.5 s: " + (recovered < 0 ? "not during the hang"
                : (recovered - hangWindow) * WINDOW_MILLIS + " ms after the hang began"));
        System.out.println("hung provider answering again: " + (back < 0 ? "not within " + AFTER_SECONDS + " s"
                : (back - releaseWindow) * WINDOW_MILLIS + " ms after it recovered"));
        client.close();
        servers.forEach(RpcServer::closeNow);
    }

    private static int window(long start) {
        return (int) ((System.nanoTime() - start) / (WINDOW_MILLIS * 1_000_000L));
    }
}
