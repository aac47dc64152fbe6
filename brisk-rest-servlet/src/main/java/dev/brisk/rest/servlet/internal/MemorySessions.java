package dev.brisk.rest.servlet.internal;

import dev.brisk.rest.HttpStatusException;
import jakarta.servlet.ServletContext;
import jakarta.servlet.http.HttpSessionEvent;
import jakarta.servlet.http.HttpSessionListener;

import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * The sessions of one servlet context, in memory: ids of 128 random bits, expired after their inactive interval
 * (checked when looked up, and swept as new sessions are made), at most {@code maxSessions} at once so that clients
 * cannot fill the heap with them (a new one beyond is refused with 503 once the expired are gone).
 */
final class MemorySessions {

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final long SWEEP_EVERY_NANOS = 1_000_000_000L;

    private final Map<String, MemorySession> byId = new ConcurrentHashMap<>();
    private final ServletContext servletContext;
    private final Supplier<List<HttpSessionListener>> listeners;
    private final int maxSessions;
    private final AtomicLong lastSweep = new AtomicLong(System.nanoTime());
    private volatile int timeoutSeconds;

    MemorySessions(ServletContext servletContext, Supplier<List<HttpSessionListener>> listeners, int timeoutSeconds,
                   int maxSessions) {
        this.servletContext = servletContext;
        this.listeners = listeners;
        this.timeoutSeconds = timeoutSeconds;
        this.maxSessions = maxSessions;
    }

    ServletContext servletContext() {
        return servletContext;
    }

    int timeoutSeconds() {
        return timeoutSeconds;
    }

    void timeoutSeconds(int timeoutSeconds) {
        this.timeoutSeconds = timeoutSeconds;
    }

    /** The live session with {@code id}, marked as accessed; null when there is none or it expired. */
    MemorySession find(String id) {
        MemorySession session = id == null ? null : byId.get(id);
        if (session == null) {
            return null;
        }
        long now = System.currentTimeMillis();
        if (session.expired(now)) {
            expire(session);
            return null;
        }
        session.accessed(now);
        return session;
    }

    MemorySession create() {
        sweepNowAndThen();
        if (byId.size() >= maxSessions) {
            sweep();
            if (byId.size() >= maxSessions) {
                throw new HttpStatusException(503, "the server holds as many sessions as it may ("
                        + maxSessions + "): try again later");
            }
        }
        MemorySession session;
        do {
            session = new MemorySession(this, newId(), timeoutSeconds);
        } while (byId.putIfAbsent(session.getId(), session) != null);
        for (HttpSessionListener listener : listeners.get()) {
            listener.sessionCreated(new HttpSessionEvent(session));
        }
        return session;
    }

    /** Gives {@code session} a new id (against session fixation); returns it. */
    String changeId(MemorySession session) {
        String next;
        do {
            next = newId();
        } while (byId.putIfAbsent(next, session) != null);
        byId.remove(session.getId(), session);
        session.id(next);
        return next;
    }

    void remove(MemorySession session) {
        if (byId.remove(session.getId(), session)) {
            for (HttpSessionListener listener : listeners.get()) {
                listener.sessionDestroyed(new HttpSessionEvent(session));
            }
        }
    }

    int size() {
        return byId.size();
    }

    private void expire(MemorySession session) {
        try {
            session.invalidate();
        } catch (IllegalStateException alreadyInvalid) {
            byId.remove(session.getId(), session);
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
        for (MemorySession session : byId.values()) {
            if (session.expired(now)) {
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
