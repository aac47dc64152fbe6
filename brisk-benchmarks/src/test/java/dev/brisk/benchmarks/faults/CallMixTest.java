package dev.brisk.benchmarks.faults;

import dev.brisk.benchmarks.faults.shop.OrderServiceV2;
import dev.brisk.rpc.RpcClient;
import dev.brisk.rpc.RpcServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.LongStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The fault runs' consumer and provider agree over a real socket: every call of the mix is answered as
 * {@link CallMix} expects (values checked, business refusals where it plans them), the second version's method is
 * answered by a provider of the second version, and the provider records each call of a changing method exactly once,
 * one-way calls included. And the consumer's lines carry every field {@code bench/rpc-faults.sh} reads.
 */
class CallMixTest {

    @TempDir
    Path directory;

    @Test
    void everyCallIsAnsweredAsPlannedAndEachChangeIsRecordedOnce() throws Exception {
        Path calls = directory.resolve("provider.calls");
        try (CallLog log = new CallLog(calls);
             RpcServer server = RpcServer.builder().host("127.0.0.1").port(0)
                     .service(OrderServiceV2.class, new RecordingOrderService(log)).start();
             RpcClient client = RpcClient.builder().addresses("127.0.0.1:" + server.port()).build()) {
            CallMix mix = new CallMix(client.proxy(OrderServiceV2.class));
            long refused = 0;
            for (long id = 1; id <= 400; id++) {
                refused += mix.call(id) == CallMix.Answer.REFUSED ? 1 : 0;
            }
            assertThat(mix.callV2(401)).isEqualTo(CallMix.Answer.VALUE);

            long plannedRefusals = LongStream.rangeClosed(1, 400).filter(id -> id % 50 == 1 || id % 40 == 3).count();
            assertThat(refused).isEqualTo(plannedRefusals);
            Set<Long> changing = Set.of(0L, 1L, 2L, 9L, 3L, 4L);   // createOrder, pay, track
            List<Long> changes = LongStream.rangeClosed(1, 400).filter(id -> changing.contains(id % 10)).boxed()
                    .toList();
            Map<Long, Long> recorded = awaitRecorded(calls, changes.size());
            assertThat(recorded.keySet()).containsExactlyInAnyOrderElementsOf(changes);
            assertThat(recorded.values()).allMatch(times -> times == 1);
        }
    }

    @Test
    void aSecondsLineHasEveryFieldTheScriptReads() {
        Tally tally = new Tally();
        tally.answered(CallMix.Answer.VALUE, 2_000_000, false);
        tally.answered(CallMix.Answer.REFUSED, 3_000_000, false);
        tally.answered(CallMix.Answer.VALUE, 1_000_000, true);
        tally.failed(new IllegalStateException("wrong"), 5_000_000_000L, true);
        tally.dropped();

        String line = tally.nextSecond(7);
        Map<String, String> fields = List.of(line.split(" ")).stream().map(kv -> kv.split("=", 2))
                .collect(Collectors.toMap(kv -> kv[0], kv -> kv[1]));
        assertThat(fields).containsEntry("second", "7").containsEntry("ok", "3").containsEntry("refused", "1")
                .containsEntry("failed", "1").containsEntry("dropped", "1").containsEntry("v2_ok", "1")
                .containsEntry("v2_failed", "1").containsEntry("failures", "IllegalStateException:1")
                .containsKeys("at", "p50_ms", "p99_ms", "max_ms");
        assertThat(Double.parseDouble(fields.get("max_ms"))).isBetween(4990.0, 5010.0);
        assertThat(tally.nextSecond(8)).contains(" ok=0 ", " failed=0 ", " failures=-");
        assertThat(tally.summary()).startsWith("summary ok=3 refused=1 failed=1 dropped=1 ");
    }

    /** The call ids in the calls file and how often each is there, once it has {@code lines} lines (5 s at most). */
    private static Map<Long, Long> awaitRecorded(Path calls, int lines) throws Exception {
        List<String> read = Files.readAllLines(calls);
        for (int i = 0; i < 100 && read.size() < lines; i++) {
            Thread.sleep(50);   // one-way calls may still be on their way
            read = Files.readAllLines(calls);
        }
        return read.stream().map(line -> Long.parseLong(line.split(" ")[1]))
                .collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
    }
}
