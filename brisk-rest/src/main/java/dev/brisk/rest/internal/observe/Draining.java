package dev.brisk.rest.internal.observe;

import dev.brisk.http.HttpServer;

import java.util.function.BooleanSupplier;

/** Whether the server is shutting down: its close began, or the HTTP server is draining (also via the JVM hook). */
public final class Draining implements BooleanSupplier {

    private volatile boolean closing;
    private volatile HttpServer http;

    /** The server whose draining state counts; set once it has started. */
    public void server(HttpServer http) {
        this.http = http;
    }

    /** Marks the start of a graceful shutdown. */
    public void begin() {
        closing = true;
    }

    @Override
    public boolean getAsBoolean() {
        HttpServer server = http;
        return closing || server != null && server.draining();
    }
}
