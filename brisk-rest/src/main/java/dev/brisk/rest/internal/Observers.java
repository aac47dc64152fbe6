package dev.brisk.rest.internal;

import dev.brisk.rest.BriskServer;
import dev.brisk.rest.observe.CompletedRequest;
import dev.brisk.rest.observe.RequestObserver;

import java.util.List;
import java.util.Optional;

/** The request observers of a server as one, or none. */
public final class Observers {

    private Observers() {
    }

    /** {@code observers} as one observer, telling each in order; empty when there are none. */
    public static Optional<RequestObserver> combine(List<RequestObserver> observers) {
        return switch (observers.size()) {
            case 0 -> Optional.empty();
            case 1 -> Optional.of(observers.get(0));
            default -> Optional.of(new All(List.copyOf(observers)));
        };
    }

    /** Several observers; one that fails does not keep the others from being told. */
    private record All(List<RequestObserver> observers) implements RequestObserver {

        private static final System.Logger LOG = System.getLogger("dev.brisk.rest");

        @Override
        public void completed(CompletedRequest request) {
            for (RequestObserver observer : observers) {
                try {
                    observer.completed(request);
                } catch (Throwable t) {
                    LOG.log(System.Logger.Level.WARNING, "request observer " + observer + " failed: " + t, t);
                }
            }
        }

        @Override
        public void started(BriskServer server) {
            observers.forEach(observer -> observer.started(server));
        }

        @Override
        public void stopped(BriskServer server) {
            for (RequestObserver observer : observers) {
                try {
                    observer.stopped(server);
                } catch (Throwable t) {
                    LOG.log(System.Logger.Level.WARNING, "request observer " + observer + " failed to stop: " + t,
                            t);
                }
            }
        }
    }
}
