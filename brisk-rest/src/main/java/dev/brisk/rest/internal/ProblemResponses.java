package dev.brisk.rest.internal;

import dev.brisk.http.ServerResponse;
import dev.brisk.rest.ConstraintViolationsException;
import dev.brisk.rest.support.Problems;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;

import java.util.List;

/** Sends RFC 9457 {@code application/problem+json} error responses built by {@link Problems}. */
final class ProblemResponses {

    ProblemResponses() {
    }

    /** Answers {@code status} with a problem whose detail is {@code detail}; does nothing once committed. */
    void send(DefaultRequestContext ctx, int status, String detail, boolean retryLater) {
        send(ctx, status, detail, retryLater, List.of());
    }

    /** Like {@link #send(DefaultRequestContext, int, String, boolean)}, with an {@code errors} member per violation. */
    void send(DefaultRequestContext ctx, int status, String detail, boolean retryLater,
              List<ConstraintViolationsException.Violation> errors) {
        ServerResponse response = ctx.response();
        if (response.isCommitted()) {
            return;
        }
        ctx.markResponded();
        response.headers().remove("content-length");
        response.status(status);
        response.header("content-type", "application/problem+json");
        if (retryLater) {
            response.header("retry-after", "1");
        }
        ByteBuf body = ByteBufUtil.writeUtf8(ctx.request().allocator(), Problems.json(status, detail, ctx.request().path(),
                errors));
        response.send(body);
    }

}
