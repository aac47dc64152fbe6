package dev.brisk.rest;

import static dev.brisk.transport.spi.Checks.notNull;
import static dev.brisk.transport.spi.Checks.positive;

import dev.brisk.rest.sse.SseSink;

import java.time.Duration;

/**
 * Framework options, each with its default; set them one by one on {@link BriskServer.Builder}, or all at once with
 * {@link BriskServer.Builder#options(BriskOptions)}. HTTP options (limits, timeouts, threads) are those of
 * {@code dev.brisk.http.ServerOptions}, reachable with {@code http(h -> h.options(o -> ...))}.
 *
 * <pre>{@code Brisk.server().options(BriskOptions.builder().contextPath("/api").workerThreads(64).build())}</pre>
 *
 * @param contextPath           prefix of every route, e.g. {@code /api}; default none
 * @param defaultScheduler      scheduler of programmatic routes that name none; default {@link Schedulers#IO}
 * @param controllerScheduler   scheduler of the routes of annotated controllers (Spring MVC, JAX-RS) that name none
 *                              with {@link RunOn}; default {@link Schedulers#WORKER}, so that blocking controller code
 *                              never holds an event loop ({@link Schedulers#VIRTUAL} on Java 21+)
 * @param workerThreads            threads of the {@link Schedulers#WORKER} pool; default 2 x processors, at least 8
 * @param workerQueueSize          requests waiting for a worker thread before 503; default 1024
 * @param maxQueueTime          how long a request may wait for a worker thread before 503; default 3 s
 * @param virtualMaxConcurrency requests on virtual threads at once before 503; default 10000
 * @param formatParameter       query parameter that overrides Accept, e.g. {@code ?format=json}; default
 *                              {@code format}, empty for none
 * @param sseMaxPending         bytes of events a Server-Sent Events stream may hold for a client that reads slower
 *                              than they are sent (handed to the connection, not yet taken by it); the event that
 *                              would exceed it ends the stream ({@link SseSink.CloseReason#OVERFLOWED}) and drops
 *                              the connection (HTTP/1.1) or resets the stream (HTTP/2), so a slow reader never holds
 *                              more; an event sent while nothing is pending always goes; default 1 MiB
 */
public record BriskOptions(String contextPath, String defaultScheduler, String controllerScheduler, int workerThreads,
                           int workerQueueSize, Duration maxQueueTime, int virtualMaxConcurrency,
                           String formatParameter, long sseMaxPending) {

    /** The defaults listed above. */
    public static final BriskOptions DEFAULT = new BriskOptions("", Schedulers.IO, Schedulers.WORKER,
            Math.max(8, 2 * Runtime.getRuntime().availableProcessors()), 1024, Duration.ofSeconds(3), 10_000,
            "format", 1024 * 1024);

    /** Validates every component; a message names the component and the offending value. */
    public BriskOptions {
        notNull(contextPath, "contextPath");
        if (!contextPath.isEmpty() && (!contextPath.startsWith("/") || contextPath.endsWith("/"))) {
            throw new IllegalArgumentException("contextPath must start with '/' and not end with '/': '"
                    + contextPath + "'");
        }
        schedulerName(defaultScheduler, "defaultScheduler");
        schedulerName(controllerScheduler, "controllerScheduler");
        positive(workerThreads, "workerThreads");
        positive(workerQueueSize, "workerQueueSize");
        notNull(maxQueueTime, "maxQueueTime");
        if (maxQueueTime.isNegative() || maxQueueTime.isZero()) {
            throw new IllegalArgumentException("maxQueueTime must be positive: " + maxQueueTime);
        }
        positive(virtualMaxConcurrency, "virtualMaxConcurrency");
        notNull(formatParameter, "formatParameter");
        if (sseMaxPending <= 0) {
            throw new IllegalArgumentException("sseMaxPending must be positive: " + sseMaxPending);
        }
    }

    /** A builder starting from {@link #DEFAULT}. */
    public static Builder builder() {
        return DEFAULT.toBuilder();
    }

    /** A builder holding these options, to change some. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    private static void schedulerName(String name, String component) {
        notNull(name, component);
        if (name.isBlank()) {
            throw new IllegalArgumentException(component + " must name a scheduler: '" + name + "'");
        }
    }

    /** Builds {@link BriskOptions}; {@link #build()} validates. */
    public static final class Builder {
        private String contextPath;
        private String defaultScheduler;
        private String controllerScheduler;
        private int workerThreads;
        private int workerQueueSize;
        private Duration maxQueueTime;
        private int virtualMaxConcurrency;
        private String formatParameter;
        private long sseMaxPending;

        private Builder(BriskOptions options) {
            contextPath = options.contextPath;
            defaultScheduler = options.defaultScheduler;
            controllerScheduler = options.controllerScheduler;
            workerThreads = options.workerThreads;
            workerQueueSize = options.workerQueueSize;
            maxQueueTime = options.maxQueueTime;
            virtualMaxConcurrency = options.virtualMaxConcurrency;
            formatParameter = options.formatParameter;
            sseMaxPending = options.sseMaxPending;
        }

        /** Prefix of every route, e.g. {@code /api}; empty for none. */
        public Builder contextPath(String contextPath) {
            this.contextPath = contextPath;
            return this;
        }

        /** Scheduler of programmatic routes that name none; default {@link Schedulers#IO}. */
        public Builder defaultScheduler(String defaultScheduler) {
            this.defaultScheduler = defaultScheduler;
            return this;
        }

        /** Scheduler of annotated controllers' routes without {@link RunOn}; default {@link Schedulers#WORKER}. */
        public Builder controllerScheduler(String controllerScheduler) {
            this.controllerScheduler = controllerScheduler;
            return this;
        }

        /** Threads of the worker pool. */
        public Builder workerThreads(int workerThreads) {
            this.workerThreads = workerThreads;
            return this;
        }

        /** Requests waiting for a worker thread before 503. */
        public Builder workerQueueSize(int workerQueueSize) {
            this.workerQueueSize = workerQueueSize;
            return this;
        }

        /** How long a request may wait for a worker thread before 503. */
        public Builder maxQueueTime(Duration maxQueueTime) {
            this.maxQueueTime = maxQueueTime;
            return this;
        }

        /** Requests on virtual threads at once before 503. */
        public Builder virtualMaxConcurrency(int virtualMaxConcurrency) {
            this.virtualMaxConcurrency = virtualMaxConcurrency;
            return this;
        }

        /** Query parameter that overrides Accept; empty for none. */
        public Builder formatParameter(String formatParameter) {
            this.formatParameter = formatParameter;
            return this;
        }

        /** Bytes of events an event stream may hold for a slow client before it is dropped. */
        public Builder sseMaxPending(long sseMaxPending) {
            this.sseMaxPending = sseMaxPending;
            return this;
        }

        public BriskOptions build() {
            return new BriskOptions(contextPath, defaultScheduler, controllerScheduler, workerThreads, workerQueueSize,
                    maxQueueTime, virtualMaxConcurrency, formatParameter, sseMaxPending);
        }
    }
}
