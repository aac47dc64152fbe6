package dev.brisk.http.internal.websocket;

import dev.brisk.http.BodyMode;
import dev.brisk.http.HttpHandler;
import dev.brisk.http.ServerRequest;
import dev.brisk.http.WebSocketEndpoint;
import dev.brisk.http.WebSocketOptions;

import java.util.Map;

/**
 * The handler of a server with WebSocket endpoints: a request for an endpoint's path is upgraded (or refused), any
 * other goes to the application's handler. Only servers with endpoints have it, so others pay nothing.
 */
public final class WebSocketRoutes implements HttpHandler {

    /** An endpoint and its options. */
    public record Entry(WebSocketEndpoint endpoint, WebSocketOptions options) {
    }

    private final Map<String, Entry> endpoints;
    private final HttpHandler next;

    public WebSocketRoutes(Map<String, Entry> endpoints, HttpHandler next) {
        this.endpoints = Map.copyOf(endpoints);
        this.next = next;
    }

    @Override
    public void handle(ServerRequest request) {
        Entry entry = endpoints.get(request.path());
        if (entry == null || request.response().isCommitted()) {
            next.handle(request);
        } else {
            request.upgradeToWebSocket(entry.endpoint(), entry.options());
        }
    }

    @Override
    public BodyMode bodyMode(ServerRequest request) {
        return endpoints.containsKey(request.path()) ? BodyMode.AGGREGATE : next.bodyMode(request);
    }

    @Override
    public boolean observesRefusals() {
        return next.observesRefusals();
    }
}
