package dev.brisk.rest;

import java.time.Duration;
import java.util.Objects;

/**
 * Framework options, each with its default; set them on {@link BriskServer.Builder}. HTTP options (port, TLS, limits,
 * timeouts) are those of {@code dev.brisk.http.HttpServer.Builder}, reachable with {@code http(...)}.
 *
 * @param contextPath           prefix of every route, e.g. {@code /api}; default none
 * @param defaultScheduler      scheduler of routes that name none; default {@link Schedulers#IO}
 * @param bizThreads            threads of the {@link Schedulers#BIZ} pool; default 2 x processors, at least 8
 * @param bizQueueSize          requests waiting for a BIZ thread before 503; default 1024
 * @param maxQueueTime          how long a request may wait for a BIZ thread before 503; default 3 s
 * @param virtualMaxConcurrency requests on virtual threads at once before 503; default 10000
 * @param formatParameter       query parameter that overrides Accept, e.g. {@code ?format=json}; default
 *                              {@code format}
 */
public record BriskOptions(String contextPath, String defaultScheduler, int bizThreads, int bizQueueSize,
                           Duration maxQueueTime, int virtualMaxConcurrency, String formatParameter) {

    public static final BriskOptions DEFAULT = new BriskOptions("", Schedulers.IO,
            Math.max(8, 2 * Runtime.getRuntime().availableProcessors()), 1024, Duration.ofSeconds(3), 10_000,
            "format");

    public BriskOptions {
        Objects.requireNonNull(contextPath, "contextPath");
        if (!contextPath.isEmpty() && (!contextPath.startsWith("/") || contextPath.endsWith("/"))) {
            throw new IllegalArgumentException("contextPath must start with '/' and not end with '/': " + contextPath);
        }
        Objects.requireNonNull(defaultScheduler, "defaultScheduler");
        if (bizThreads < 1 || bizQueueSize < 1 || virtualMaxConcurrency < 1) {
            throw new IllegalArgumentException("scheduler sizes must be positive");
        }
        Objects.requireNonNull(maxQueueTime, "maxQueueTime");
        Objects.requireNonNull(formatParameter, "formatParameter");
    }

    public BriskOptions withContextPath(String value) {
        return new BriskOptions(value, defaultScheduler, bizThreads, bizQueueSize, maxQueueTime,
                virtualMaxConcurrency, formatParameter);
    }

    public BriskOptions withDefaultScheduler(String value) {
        return new BriskOptions(contextPath, value, bizThreads, bizQueueSize, maxQueueTime, virtualMaxConcurrency,
                formatParameter);
    }

    public BriskOptions withBizScheduler(int threads, int queueSize, Duration maxQueue) {
        return new BriskOptions(contextPath, defaultScheduler, threads, queueSize, maxQueue, virtualMaxConcurrency,
                formatParameter);
    }

    public BriskOptions withFormatParameter(String value) {
        return new BriskOptions(contextPath, defaultScheduler, bizThreads, bizQueueSize, maxQueueTime,
                virtualMaxConcurrency, value);
    }
}
