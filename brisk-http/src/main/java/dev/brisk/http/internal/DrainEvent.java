package dev.brisk.http.internal;

/** Fired on every connection when a graceful shutdown starts: finish the requests in flight, then close. */
public enum DrainEvent {
    INSTANCE
}
