package dev.brisk.rest.internal;

import dev.brisk.rest.RequestContext;

/** Records a failure that something other than Brisk's pipeline answered, for the request's observers. */
public final class RequestFailures {

    private RequestFailures() {
    }

    public static void record(RequestContext ctx, Throwable error) {
        if (ctx instanceof DefaultRequestContext context && error != null) {
            context.failed(error);
        }
    }
}
