package dev.brisk.rest.internal;

import dev.brisk.codec.Codecs;
import dev.brisk.rest.BriskOptions;
import dev.brisk.rest.Schedulers;
import dev.brisk.rest.internal.sse.SseEncoder;
import dev.brisk.rest.multipart.MultipartOptions;

/**
 * What serving a request reaches of its server beyond the pipeline: the options, codecs, result writing, problem and
 * failure answers, the scheduler for blocking work. Each {@link DefaultRequestContext} holds it, so the helpers a
 * request calls (result writer, schedulers, streaming results) need not know the {@link RestServer}.
 */
final class RequestServices {

    private final BriskOptions options;
    private final Codecs codecs;
    private final ResultWriter results;
    private final StreamingResults streaming = new StreamingResults(this);
    private final SseEncoder sseEncoder;
    private final ProblemResponses problems;
    private final FailureResponses failures;
    private final MultipartOptions multipart;
    private final SchedulerPools schedulers;
    private final RouteSelection selection;

    RequestServices(BriskOptions options, Codecs codecs, ProblemResponses problems, FailureResponses failures,
                    MultipartOptions multipart, SchedulerPools schedulers, RouteSelection selection) {
        this.options = options;
        this.codecs = codecs;
        this.results = new ResultWriter(codecs);
        this.sseEncoder = new SseEncoder(codecs);
        this.problems = problems;
        this.failures = failures;
        this.multipart = multipart;
        this.schedulers = schedulers;
        this.selection = selection;
    }

    BriskOptions options() {
        return options;
    }

    Codecs codecs() {
        return codecs;
    }

    ResultWriter results() {
        return results;
    }

    ProblemResponses problems() {
        return problems;
    }

    SseEncoder sseEncoder() {
        return sseEncoder;
    }

    MultipartOptions multipartOptions() {
        return multipart;
    }

    StreamingResults streaming() {
        return streaming;
    }

    /** Where work that blocks goes when it was started on an event loop: the {@code worker} pool. */
    RouteScheduler blockingScheduler() {
        return schedulers.get(Schedulers.WORKER);
    }

    /** Answers a failure of {@code ctx}'s request: see {@link FailureResponses}. */
    void fail(DefaultRequestContext ctx, Throwable error) {
        failures.fail(ctx, error);
    }

    /** Notes the route a request refused before routing would have taken: see {@link RouteSelection}. */
    void routeForRecord(DefaultRequestContext ctx) {
        selection.routeForRecord(ctx);
    }
}
