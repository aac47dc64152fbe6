package dev.brisk.rest.servlet;

import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The state of one session as a {@link SessionStore} keeps it: its id, when it was made and last used, how long it
 * lives unused, and its attributes. The servlet facade reads and changes it through {@code HttpSession} views and
 * hands it back to the store with {@link SessionStore#save} after each change; a store that keeps sessions elsewhere
 * makes one from what it read with {@link #StoredSession(String, long, long, int, Map)}. Safe for use by concurrent
 * requests.
 */
public final class StoredSession {

    private final long creationTime;
    private final Map<String, Object> attributes;
    private volatile String id;
    private volatile long lastAccessedTime;
    private volatile int maxInactiveSeconds;
    private volatile boolean invalidated;

    /** A new session with no attributes, made and last used now. */
    public StoredSession(String id, int maxInactiveSeconds) {
        this(id, System.currentTimeMillis(), System.currentTimeMillis(), maxInactiveSeconds, Map.of());
    }

    /**
     * A session as a store read it back.
     *
     * @param creationTime     when it was made, in milliseconds since the epoch
     * @param lastAccessedTime when a request last came with it, in milliseconds since the epoch
     * @param maxInactiveSeconds how long it lives without requests; zero or less: until invalidated
     * @param attributes       its attributes (copied)
     */
    public StoredSession(String id, long creationTime, long lastAccessedTime, int maxInactiveSeconds,
                         Map<String, Object> attributes) {
        this.id = Objects.requireNonNull(id, "id");
        this.creationTime = creationTime;
        this.lastAccessedTime = lastAccessedTime;
        this.maxInactiveSeconds = maxInactiveSeconds;
        this.attributes = new ConcurrentHashMap<>(attributes);
    }

    public String id() {
        return id;
    }

    /** Gives the session another id; for a {@link SessionStore#changeId} implementation. */
    public void id(String id) {
        this.id = Objects.requireNonNull(id, "id");
    }

    /** When the session was made, in milliseconds since the epoch. */
    public long creationTime() {
        return creationTime;
    }

    /** When a request last came with the session, in milliseconds since the epoch. */
    public long lastAccessedTime() {
        return lastAccessedTime;
    }

    /** Records that a request came with the session at {@code time} (milliseconds since the epoch). */
    public void accessed(long time) {
        this.lastAccessedTime = time;
    }

    /** How long the session lives without requests, in seconds; zero or less: until invalidated. */
    public int maxInactiveSeconds() {
        return maxInactiveSeconds;
    }

    public void maxInactiveSeconds(int seconds) {
        this.maxInactiveSeconds = seconds;
    }

    /** The attributes, live: changing this map changes the session (then {@link SessionStore#save} it). */
    public Map<String, Object> attributes() {
        return attributes;
    }

    /** Whether the session was invalidated or, at {@code now} (milliseconds since the epoch), has expired. */
    public boolean isExpired(long now) {
        int max = maxInactiveSeconds;
        return invalidated || (max > 0 && now - lastAccessedTime > max * 1000L);
    }

    /** Whether the session was invalidated. */
    public boolean isInvalidated() {
        return invalidated;
    }

    /** Marks the session invalidated: whoever still holds it sees it expired. */
    public void invalidate() {
        invalidated = true;
    }

    @Override
    public String toString() {
        return "session " + id;
    }
}
