package dev.brisk.client.internal.pool;

import dev.brisk.client.PoolView;

/** The counts of one {@link HostPool}: the sums over its child pools, read without locking. */
final class HostPoolView implements PoolView {

    private final String host;
    private final ChildPool[] children;

    /** {@code children} is the host pool's own array, filled in by the loops as child pools are created. */
    HostPoolView(String host, ChildPool[] children) {
        this.host = host;
        this.children = children;
    }

    @Override
    public String host() {
        return host;
    }

    @Override
    public int active() {
        int total = 0;
        for (ChildPool child : children) {
            if (child != null) {
                total += child.counters().active();
            }
        }
        return total;
    }

    @Override
    public int idle() {
        int total = 0;
        for (ChildPool child : children) {
            if (child != null) {
                total += child.counters().idle();
            }
        }
        return total;
    }

    @Override
    public int pending() {
        int total = 0;
        for (ChildPool child : children) {
            if (child != null) {
                total += child.counters().pending();
            }
        }
        return total;
    }

    @Override
    public int connections() {
        int total = 0;
        for (ChildPool child : children) {
            if (child != null) {
                total += child.counters().connections();
            }
        }
        return total;
    }

    @Override
    public String toString() {
        return "PoolView[" + host + "]";
    }
}
