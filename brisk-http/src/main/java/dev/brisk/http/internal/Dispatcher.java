package dev.brisk.http.internal;

/** Calls the application's handler and turns a failure into a 500 without details on the wire. */
public final class Dispatcher {

    private static final String INTERNAL_ERROR = "Internal Server Error";

    private Dispatcher() {
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
