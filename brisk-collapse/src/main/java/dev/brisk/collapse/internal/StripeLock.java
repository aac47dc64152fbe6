package dev.brisk.collapse.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * A lock for critical sections of a few dozen instructions (a {@link FlightTable} stripe's): taking it free is one
 * compare-and-set, releasing it one ordered store, without the queue, owner and fence of a {@code ReentrantLock}. A
 * thread that finds it taken spins briefly, then yields, then parks for short periods, so a holder that lost its
 * processor (or a timeout sweep going through many callers) costs waiting threads little CPU. Not reentrant, not fair.
 */
class StripeLock {

    private static final VarHandle STATE;
    private static final int SPINS = 100;
    private static final int YIELDS = 100;
    private static final long PARK_NANOS = TimeUnit.MICROSECONDS.toNanos(50);

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(StripeLock.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** 1 while held. */
    private volatile int state;

    final void lock() {
        if (!STATE.compareAndSet(this, 0, 1)) {
            lockContended();
        }
    }

    private void lockContended() {
        for (int attempt = 0; ; attempt++) {
            if (state == 0 && STATE.compareAndSet(this, 0, 1)) {
                return;
            }
            if (attempt < SPINS) {
                Thread.onSpinWait();
            } else if (attempt < SPINS + YIELDS) {
                Thread.yield();
            } else {
                LockSupport.parkNanos(this, PARK_NANOS);
            }
        }
    }

    final void unlock() {
        STATE.setRelease(this, 0);
    }
}
