package dev.brisk.rest.spring.internal;

import dev.brisk.rest.RequestContext;
import dev.brisk.rest.sse.SseEvent;
import dev.brisk.rest.sse.SseSink;
import org.springframework.web.servlet.mvc.method.annotation.ResponseBodyEmitter.DataWithMediaType;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * A Spring {@code SseEmitter} on Brisk's event stream ({@link SseSink}): the {@code text/event-stream} head goes out
 * when the handler returns, each {@code send} becomes the {@link SseEvent}s it lays out ({@link SseEvents}), written
 * and flushed at once. Brisk writes the same fields Spring does, as {@code name: value} (with the space clients skip).
 */
final class SseEmitterBridge extends EmitterBridge {

    private final SseSink sink;

    SseEmitterBridge(RequestContext ctx) {
        this.sink = ctx.sse();
        sink.onClose(reason -> {
            if (reason == SseSink.CloseReason.DISCONNECTED || reason == SseSink.CloseReason.OVERFLOWED) {
                disconnected();
            }
        });
    }

    @Override
    CompletionStage<Void> write(List<DataWithMediaType> items) {
        CompletionStage<Void> written = CompletableFuture.completedFuture(null);
        for (SseEvent event : SseEvents.parse(items)) {
            written = sink.send(event);
        }
        return written;
    }

    @Override
    void finish() {
        sink.complete();
    }

    @Override
    void abort(Throwable error) {
        sink.completeWithError(error);
    }
}
