package dev.brisk.http.internal;

import dev.brisk.http.HttpHandler;

/** Calls the application's handler and turns a failure into a 500 without details on the wire. */
public final class Dispatcher {

    private static final String INTERNAL_ERROR = "Internal Server Error";

    private Dispatcher() {
    }

    /**
     * Shows the handler a request the server refused (its error response sent) when it observes refusals, and the
     * request never reached it; a handler failure is logged.
     */
    public static void refused(ServerContext server, AbstractServerRequest request) {
        HttpHandler handler = server.handler();
        if (!handler.observesRefusals()) {
            return;
        }
        try {
            handler.handle(request);
        } catch (Throwable t) {
            server.logHandlerFailure("handler failed on the refused " + request.method() + " " + request.uri(), t);
        }
    }

    /**
     * Runs the handler for {@code request}. Returns false when it failed after the response was committed, in which
     * case the connection (or stream) can no longer be trusted and must be closed by the caller.
     */
    public static boolean dispatch(ServerContext server, AbstractServerRequest request) {
        try {
            server.handler().handle(request);
            return true;
        } catch (Throwable t) {
            server.logHandlerFailure("handler failed on " + request.method() + " " + request.uri(), t);
            AbstractServerResponse response = (AbstractServerResponse) request.response();
            if (!response.isCommitted()) {
                response.clearHeaders();
                response.status(500).send(INTERNAL_ERROR);
                return true;
            }
            return response.isEnded();
        }
    }
}
