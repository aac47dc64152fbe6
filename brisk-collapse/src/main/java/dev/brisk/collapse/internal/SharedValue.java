package dev.brisk.collapse.internal;

/**
 * A result that wants to know, before any caller receives it, how many callers share it: one that serves a single
 * caller can be handed over as it is, one that serves several may have to be prepared for sharing first.
 */
public interface SharedValue {

    /**
     * Called once by the single-flight that produced the value, on the thread that completes the call, before any
     * caller gets it: {@code callers} is the number of callers it goes to ({@link Integer#MAX_VALUE} when it is kept
     * for callers still to come).
     */
    void sharers(int callers);
}
