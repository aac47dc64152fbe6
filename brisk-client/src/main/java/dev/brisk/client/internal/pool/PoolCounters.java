package dev.brisk.client.internal.pool;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The counts of one {@link ChildPool}, written only by its event loop and read by any thread. Writes and reads are
 * opaque: no fence and no lock on the loop, yet other threads see each count's latest value soon after it changes
 * (counts read together may come from slightly different moments, which is fine for monitoring).
 */
public final class PoolCounters {

    private static final VarHandle ACTIVE;
    private static final VarHandle IDLE;
    private static final VarHandle PENDING;
    private static final VarHandle CONNECTIONS;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            ACTIVE = lookup.findVarHandle(PoolCounters.class, "active", int.class);
            IDLE = lookup.findVarHandle(PoolCounters.class, "idle", int.class);
            PENDING = lookup.findVarHandle(PoolCounters.class, "pending", int.class);
            CONNECTIONS = lookup.findVarHandle(PoolCounters.class, "connections", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @SuppressWarnings("unused") // accessed through the var handles
    private int active;
    @SuppressWarnings("unused")
    private int idle;
    @SuppressWarnings("unused")
    private int pending;
    @SuppressWarnings("unused")
    private int connections;

    /** A call took a connection or stream of this pool; on the pool's loop. */
    public void leased() {
        ACTIVE.setOpaque(this, (int) ACTIVE.getOpaque(this) + 1);
    }

    /** A call gave its connection or stream back (or lost it); on the pool's loop. */
    public void returned() {
        ACTIVE.setOpaque(this, (int) ACTIVE.getOpaque(this) - 1);
    }

    /** Records the pool's current state; on the pool's loop. */
    void update(int idle, int pending, int connections) {
        IDLE.setOpaque(this, idle);
        PENDING.setOpaque(this, pending);
        CONNECTIONS.setOpaque(this, connections);
    }

    int active() {
        return (int) ACTIVE.getOpaque(this);
    }

    int idle() {
        return (int) IDLE.getOpaque(this);
    }

    int pending() {
        return (int) PENDING.getOpaque(this);
    }

    int connections() {
        return (int) CONNECTIONS.getOpaque(this);
    }
}
