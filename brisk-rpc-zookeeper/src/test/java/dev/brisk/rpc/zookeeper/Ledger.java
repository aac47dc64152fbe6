package dev.brisk.rpc.zookeeper;

import dev.brisk.rpc.Idempotent;

/** The service the churn test loads: an idempotent read and a non-idempotent write. */
public interface Ledger {

    /** Answers {@code provider:key}; safe to run twice. */
    @Idempotent
    String read(String key);

    /** Records {@code id} once per run, answering the provider's name; must never run twice for one id. */
    String record(String id);
}
