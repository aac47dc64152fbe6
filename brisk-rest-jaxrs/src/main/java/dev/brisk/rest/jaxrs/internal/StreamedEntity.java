package dev.brisk.rest.jaxrs.internal;

import dev.brisk.http.ServerResponse;
import dev.brisk.rest.StreamingBody;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.concurrent.CompletionException;

/**
 * A streamed entity ({@code StreamingOutput}, a stream, a file under interceptors, multipart parts) handed to Brisk as
 * a {@link StreamingBody}: Brisk runs it where blocking is allowed and aborts the response when it fails after the
 * head left. The writer interceptors and the entity writer write to a {@link CommittingOutputStream}, so the status
 * and headers (those the interceptors set included) go out with the first bytes; a failure before that is answered
 * like any other, through the exception mappers and response filters, as Jersey does.
 */
final class StreamedEntity implements StreamingBody {

    /** Answers a failure: the mapped response after the response filters, or null to leave it to Brisk. */
    @FunctionalInterface
    interface Failures {
        ResponseState answer(Exchange exchange, Throwable error) throws Exception;
    }

    private final EntityIO entities;
    private final Exchange exchange;
    private final ResponseState state;
    private final EntityIO.Bound bound;
    private final Failures failures;

    StreamedEntity(EntityIO entities, Exchange exchange, ResponseState state, EntityIO.Bound bound,
                   Failures failures) {
        this.entities = entities;
        this.exchange = exchange;
        this.state = state;
        this.bound = bound;
        this.failures = failures;
    }

    @Override
    public void writeTo(OutputStream out) throws IOException {
        Exchange previous = Exchange.enter(exchange);
        try {
            CommittingOutputStream entity = new CommittingOutputStream(out, this::commit,
                    entities.declaredLength(state, bound));
            try {
                entities.writeStreamed(exchange, state, entity, bound);
                entity.finish();
            } catch (Throwable error) {
                if (entity.committed()) {
                    throw rethrowable(error);
                }
                entity.discard();
                answer(error, out);
            }
        } finally {
            Exchange.leave(previous);
        }
    }

    private void commit(long contentLength) {
        ServerResponse response = exchange.context().response();
        entities.applyHead(exchange, state, null);
        if (contentLength >= 0) {
            response.headers().set("content-length", Long.toString(contentLength));
        }
    }

    /** Writes the mapped response to a failure before anything was sent; without a mapper, Brisk answers it. */
    private void answer(Throwable error, OutputStream out) throws IOException {
        Throwable cause = Responder.unwrap(error);
        ResponseState failure;
        try {
            failure = failures.answer(exchange, cause);
        } catch (Throwable mappingFailed) {
            throw rethrowable(mappingFailed);
        }
        if (failure == null) {
            throw rethrowable(cause);
        }
        ServerResponse response = exchange.context().response();
        response.headers().remove("content-type");
        response.headers().remove("content-length");
        EntityIO.Rendered rendered;
        try {
            rendered = entities.render(exchange, failure, List.of(), bound);
        } catch (Throwable writeFailed) {
            throw rethrowable(writeFailed);
        }
        entities.applyHead(exchange, failure, rendered.contentType());
        if (rendered.body() == null) {
            response.headers().set("content-length", "0");
            return;
        }
        try {
            int length = rendered.body().readableBytes();
            response.headers().set("content-length", Integer.toString(length));
            rendered.body().readBytes(out, length);
        } finally {
            rendered.body().release();
        }
    }

    /** {@code error} as something {@link #writeTo} may throw; Brisk unwraps the {@code CompletionException}. */
    private static RuntimeException rethrowable(Throwable error) throws IOException {
        if (error instanceof IOException io) {
            throw io;
        }
        if (error instanceof RuntimeException runtime) {
            return runtime;
        }
        if (error instanceof Error fatal) {
            throw fatal;
        }
        return new CompletionException(error);
    }

    @Override
    public String toString() {
        return "streamed " + state.getEntityClass().getName();
    }
}
