package dev.brisk.rest.jaxrs.internal.sse;

import dev.brisk.rest.jaxrs.internal.runtime.OutboundEventBuilder;
import jakarta.ws.rs.sse.OutboundSseEvent;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseBroadcaster;

/** The {@code @Context Sse} of one application: event builders, and broadcasters that encode each event once. */
public final class SseSupport implements Sse {

    private final EventEncoder encoder;

    public SseSupport(EventEncoder encoder) {
        this.encoder = encoder;
    }

    /** How this application's events are written. */
    public EventEncoder encoder() {
        return encoder;
    }

    @Override
    public OutboundSseEvent.Builder newEventBuilder() {
        return new OutboundEventBuilder();
    }

    @Override
    public SseBroadcaster newBroadcaster() {
        return new JaxRsBroadcaster(encoder);
    }

    @Override
    public String toString() {
        return "Sse (Brisk)";
    }
}
