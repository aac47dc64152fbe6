package dev.brisk.rest;

/**
 * A snapshot of one scheduler of a running server, for monitoring ({@link BriskServer#schedulers()}).
 *
 * @param name          the scheduler's name ({@link Schedulers#IO}, {@link Schedulers#WORKER}, ... or a custom one)
 * @param kind          {@code io} (the event loops), {@code pool} (the worker pool), {@code virtual} or {@code custom}
 *                      (the application's executor)
 * @param threads       worker threads of a pool, -1 where the scheduler has no fixed size
 * @param active        requests running now (pool threads busy, virtual threads in flight); -1 where unknown
 * @param queued        requests waiting for a worker; -1 where unknown
 * @param queueCapacity requests that may wait (virtual: requests at once) before 503; -1 where unbounded or unknown
 * @param rejected      requests answered 503 by this scheduler since start
 */
public record SchedulerState(String name, String kind, int threads, int active, int queued, int queueCapacity,
                             long rejected) {
}
