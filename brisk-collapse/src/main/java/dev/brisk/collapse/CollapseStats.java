package dev.brisk.collapse;

import java.time.Duration;
import java.util.List;

/**
 * A snapshot of what a collapser has done since it was created.
 *
 * @param callers     callers accepted ({@code execute} or {@code submit} calls not rejected)
 * @param executions  shared calls started: supplier calls of a {@link SingleFlight}, batch function calls of a
 *                    {@link BatchCollapser}
 * @param served      callers handed a shared call (for a batch: when it was dispatched, for a single flight: when it
 *                    ended); {@code served / executions} is the collapse factor
 * @param keys        keys the executions were asked for (a batch counts each distinct key once)
 * @param reused      callers answered from a recent result without a call ({@link SingleFlightOptions#resultTtl()})
 * @param rejected    callers refused ({@link CollapseRejectedException})
 * @param timedOut    callers that gave up after the timeout ({@link CollapseTimeoutException})
 * @param cancelled   callers that cancelled their future
 * @param queueDepth  callers waiting for a batch now (always 0 for a single flight)
 * @param inFlight    shared calls running now
 * @param waitNanos   time the served callers of a {@link BatchCollapser} spent queued, added up
 * @param batchSizes  keys per execution as a histogram: entry {@code i} counts executions of {@code [2^i, 2^(i+1))}
 *                    keys
 */
public record CollapseStats(long callers, long executions, long served, long keys, long reused, long rejected,
                            long timedOut, long cancelled, int queueDepth, int inFlight, long waitNanos,
                            List<Long> batchSizes) {

    public CollapseStats {
        batchSizes = List.copyOf(batchSizes);
    }

    /** Callers per shared call, 0 before the first; how much work collapsing saved. */
    public double collapseFactor() {
        return executions == 0 ? 0 : (double) served / executions;
    }

    /** Keys per shared call on average, 0 before the first. */
    public double meanBatchSize() {
        return executions == 0 ? 0 : (double) keys / executions;
    }

    /** The average time a served caller of a batch collapser waited in the queue. */
    public Duration meanWait() {
        return served == 0 ? Duration.ZERO : Duration.ofNanos(waitNanos / served);
    }
}
