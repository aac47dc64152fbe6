package dev.brisk.rest.servlet.internal;

import dev.brisk.rest.HttpStatusException;
import dev.brisk.rest.servlet.SessionStore;
import dev.brisk.rest.servlet.StoredSession;

import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * The default {@link SessionStore}: sessions in the server's memory, the very objects the requests change (so saving
 * costs nothing), ids of 128 random bits, expired after their inactive interval (checked when looked up, and swept
 * as new sessions are made), at most {@code maxSessions} at once so that clients cannot fill the heap with them (a
 * new one beyond is refused with 503 once the expired are gone).
 */
final class MemorySessions implements SessionStore {

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final long SWEEP_EVERY_NANOS = 1_000_000_000L;

    private final Map<String, StoredSession> byId = new ConcurrentHashMap<>();
    private final int maxSessions;
    private final AtomicLong lastSweep = new AtomicLong(System.nanoTime());
    private volatile Consumer<StoredSession> onExpiry = session -> { };

    MemorySessions(int maxSessions) {
        this.maxSessions = maxSessions;
    }

    /** Tells {@code listener} of each session this store drops because it expired. */
    void onExpiry(Consumer<StoredSession> listener) {
        this.onExpiry = listener;
    }

    @Override
    public StoredSession find(String id) {
        StoredSession session = id == null ? null : byId.get(id);
        if (session == null) {
            return null;
        }
        long now = System.currentTimeMillis();
        if (session.isExpired(now)) {
            expire(session);
            return null;
        }
        session.accessed(now);
        return session;
    }

    @Override
    public StoredSession create(int maxInactiveSeconds) {
        sweepNowAndThen();
        if (byId.size() >= maxSessions) {
            sweep();
            if (byId.size() >= maxSessions) {
                throw new HttpStatusException(503, "the server holds as many sessions as it may ("
                        + maxSessions + "): try again later");
            }
        }
        StoredSession session;
        do {
            session = new StoredSession(newId(), maxInactiveSeconds);
        } while (byId.putIfAbsent(session.id(), session) != null);
        return session;
    }

    @Override
    public void save(StoredSession session) {
        // the requests changed the session held here
    }

    @Override
    public void changeId(StoredSession session) {
        String previous = session.id();
        String next;
        do {
            next = newId();
        } while (byId.putIfAbsent(next, session) != null);
        session.id(next);
        byId.remove(previous, session);
    }

    @Override
    public void remove(String id) {
        byId.remove(id);
    }

    int size() {
        return byId.size();
    }

    private void expire(StoredSession session) {
        if (byId.remove(session.id(), session)) {
            onExpiry.accept(session);
        }
    }

    private void sweepNowAndThen() {
        long last = lastSweep.get();
        long now = System.nanoTime();
        if (now - last > SWEEP_EVERY_NANOS && lastSweep.compareAndSet(last, now)) {
            sweep();
        }
    }

    private void sweep() {
        long now = System.currentTimeMillis();
        for (StoredSession session : byId.values()) {
            if (session.isExpired(now)) {
                expire(session);
            }
        }
    }

    private static String newId() {
        byte[] bytes = new byte[16];
        RANDOM.nextBytes(bytes);
        return HexFormat.of().withUpperCase().formatHex(bytes);
    }
}
