package dev.brisk.rest.servlet;

/**
 * Where the servlet facade keeps its sessions ({@code HttpSession}): by default in the server's memory
 * ({@link ServletSupport.Builder#maxSessions}); a store shared by several servers (a database, a cache) lets a
 * client's next request go to any of them. The facade looks a session up by the id its cookie carries, makes one
 * when a request asks for it, saves it after every change a request makes (an attribute set or removed, its
 * inactive interval, its id changed), and removes it when it is invalidated; the store expires the sessions left
 * unused longer than their inactive interval. Attribute values go to a shared store as they are: one that
 * serializes them needs them serializable, and a value changed in place must be set again to be saved.
 * <pre>{@code
 * ServletSupport servlet = ServletSupport.builder().sessionStore(new RedisSessionStore(redis)).build();
 * }</pre>
 * Implementations are called by concurrent requests.
 */
public interface SessionStore {

    /**
     * A new session with a new id that cannot be guessed (at least 128 random bits), no attributes, and
     * {@code maxInactiveSeconds}; kept from now on.
     *
     * @throws dev.brisk.rest.HttpStatusException 503 when the store cannot take another session now
     */
    StoredSession create(int maxInactiveSeconds);

    /**
     * The session with {@code id}, recorded as accessed now; null when there is none or it expired (a store that
     * finds it expired removes it).
     */
    StoredSession find(String id);

    /** Keeps the state of {@code session}, which a request has just changed. */
    void save(StoredSession session);

    /** Gives {@code session} a new id that cannot be guessed, under which alone it is found from now on. */
    void changeId(StoredSession session);

    /** Forgets the session with {@code id} (invalidated). */
    void remove(String id);
}
