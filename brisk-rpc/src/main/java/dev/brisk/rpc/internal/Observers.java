package dev.brisk.rpc.internal;

import dev.brisk.rpc.observe.ClientCallEnded;
import dev.brisk.rpc.observe.ProviderChange;
import dev.brisk.rpc.observe.RpcClientView;
import dev.brisk.rpc.observe.RpcObserver;
import dev.brisk.rpc.observe.RpcServerView;
import dev.brisk.rpc.observe.ServerCallEnded;

import java.util.List;
import java.util.function.Consumer;

/**
 * The observers installed on one client or server, as one: each hears every event, and an exception one throws is
 * dropped (logged once per observer) so that it neither fails the call nor keeps the others from hearing.
 */
public final class Observers implements RpcObserver {

    private static final System.Logger LOG = System.getLogger(Observers.class.getName());

    private final RpcObserver[] observers;
    private final boolean[] logged;

    private Observers(List<RpcObserver> observers) {
        this.observers = observers.toArray(new RpcObserver[0]);
        this.logged = new boolean[this.observers.length];
    }

    /** The observers as one; {@code null} when there are none, so that a call pays a null check only. */
    public static Observers of(List<RpcObserver> observers) {
        return observers.isEmpty() ? null : new Observers(List.copyOf(observers));
    }

    private void each(Consumer<RpcObserver> event) {
        for (int i = 0; i < observers.length; i++) {
            try {
                event.accept(observers[i]);
            } catch (RuntimeException e) {
                if (!logged[i]) {
                    logged[i] = true;
                    LOG.log(System.Logger.Level.WARNING, "RPC observer " + observers[i] + " failed; its further"
                            + " failures are dropped silently", e);
                }
            }
        }
    }

    @Override
    public void clientOpened(RpcClientView client) {
        each(o -> o.clientOpened(client));
    }

    @Override
    public void clientClosed(RpcClientView client) {
        each(o -> o.clientClosed(client));
    }

    @Override
    public void serverStarted(RpcServerView server) {
        each(o -> o.serverStarted(server));
    }

    @Override
    public void serverStopped(RpcServerView server) {
        each(o -> o.serverStopped(server));
    }

    @Override
    public void clientCallEnded(ClientCallEnded call) {
        each(o -> o.clientCallEnded(call));
    }

    @Override
    public void serverCallEnded(ServerCallEnded call) {
        each(o -> o.serverCallEnded(call));
    }

    @Override
    public void providerChanged(ProviderChange change) {
        each(o -> o.providerChanged(change));
    }
}
