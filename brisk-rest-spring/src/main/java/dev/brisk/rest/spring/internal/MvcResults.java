package dev.brisk.rest.spring.internal;

import dev.brisk.rest.RequestContext;
import dev.brisk.rest.StreamingBody;
import java.util.List;
import org.springframework.core.io.Resource;
import org.springframework.web.servlet.mvc.method.annotation.ResponseBodyEmitter;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

/**
 * Spring MVC's return types for streamed responses (spring-webmvc, loaded only when the application has it):
 * {@link StreamingResponseBody} becomes Brisk's {@link StreamingBody} (written from a worker thread, flushed when it
 * flushes); {@link SseEmitter} and {@link ResponseBodyEmitter} are connected to the response
 * ({@link SseEmitterBridge}, {@link BodyEmitterBridge}).
 */
final class MvcResults {

    /** The result types whose body the method's declaration does not tell, {@code Resource} included. */
    static final List<Class<?>> UNDESCRIBED_RESULTS = List.of(StreamingResponseBody.class,
            ResponseBodyEmitter.class, Resource.class);

    private MvcResults() {
    }

    static boolean isStreaming(Object value) {
        return value instanceof StreamingResponseBody;
    }

    static boolean isEmitter(Object value) {
        return value instanceof ResponseBodyEmitter;
    }

    static StreamingBody streaming(Object value) {
        StreamingResponseBody body = (StreamingResponseBody) value;
        return body::writeTo;
    }

    /** Starts the response of an emitter: the status and headers must be set already. */
    static void emit(RequestContext ctx, Object value) {
        ResponseBodyEmitter emitter = (ResponseBodyEmitter) value;
        EmitterBridge bridge = emitter instanceof SseEmitter ? new SseEmitterBridge(ctx) : new BodyEmitterBridge(ctx);
        bridge.start(emitter);
    }
}
