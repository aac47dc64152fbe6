package dev.brisk.rest.internal.assembly;

import dev.brisk.http.HttpServer;
import dev.brisk.rest.BriskServer;
import dev.brisk.rest.internal.RestServer;
import dev.brisk.rest.internal.observe.Draining;
import dev.brisk.rest.observe.RequestObserver;

import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * What a running {@link BriskServer} is made of.
 *
 * @param observer      the request observers as one; empty for a server without
 * @param draining      tells the readiness route that the server is closing
 * @param stopListeners the features' stop hooks, in order
 */
public record ServerParts(HttpServer http, RestServer rest, Optional<RequestObserver> observer, Draining draining,
                          List<Consumer<? super BriskServer>> stopListeners) {

    private static final System.Logger LOG = System.getLogger("dev.brisk.rest");

    public ServerParts {
        stopListeners = List.copyOf(stopListeners);
    }

    /** Tells the observers and the stop hooks that {@code server} has closed; one that fails is logged. */
    public void stopped(BriskServer server) {
        observer.ifPresent(o -> o.stopped(server));
        for (Consumer<? super BriskServer> listener : stopListeners) {
            try {
                listener.accept(server);
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "stop hook " + listener + " failed: " + e, e);
            }
        }
    }
}
