package dev.brisk.client.internal.http3;

import dev.brisk.client.internal.pool.HostKey;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The HTTP/3 alternatives of a client's {@code https://} origins, learnt from {@code Alt-Svc} response fields. One
 * entry per origin, made when the origin's first pool opens and kept for the client's life (an entry is a few fields).
 * Not API.
 */
public final class AlternativeServices {

    private final Map<HostKey, AlternativeService> byOrigin = new ConcurrentHashMap<>();

    /** The entry of {@code key}, an {@code https://} origin. */
    public AlternativeService of(HostKey key) {
        return byOrigin.computeIfAbsent(key, k -> new AlternativeService(k.host()));
    }

    /** The entry of {@code key} if one was made; for tests. */
    public AlternativeService find(HostKey key) {
        return byOrigin.get(key);
    }
}
