package dev.brisk.client.internal;

import dev.brisk.client.PoolView;
import dev.brisk.client.internal.pool.HostPool;

/** The {@link PoolView} of one {@link HostPool}: its counts, summed over its child pools without locking. */
final class HostPoolView implements PoolView {

    private final HostPool pool;

    HostPoolView(HostPool pool) {
        this.pool = pool;
    }

    @Override
    public String host() {
        return pool.key().origin();
    }

    @Override
    public int active() {
        return pool.active();
    }

    @Override
    public int idle() {
        return pool.idle();
    }

    @Override
    public int pending() {
        return pool.pending();
    }

    @Override
    public int connections() {
        return pool.connections();
    }

    @Override
    public String toString() {
        return "PoolView[" + host() + "]";
    }
}
