package dev.brisk.rest.servlet.internal;

import dev.brisk.rest.servlet.SessionStore;
import dev.brisk.rest.servlet.StoredSession;
import jakarta.servlet.ServletContext;
import jakarta.servlet.http.HttpSessionEvent;
import jakarta.servlet.http.HttpSessionListener;

import java.util.List;
import java.util.function.Supplier;

/**
 * The sessions of one servlet context: kept by a {@link SessionStore}, handed to requests as {@link SessionView}s,
 * with the context's session timeout for new ones and its {@link HttpSessionListener}s told of sessions made and
 * destroyed (invalidated here, or expired in a store that says so).
 */
final class ServletSessions {

    private final ServletContext servletContext;
    private final SessionStore store;
    private final Supplier<List<HttpSessionListener>> listeners;
    private volatile int timeoutSeconds;

    ServletSessions(ServletContext servletContext, SessionStore store,
                    Supplier<List<HttpSessionListener>> listeners, int timeoutSeconds) {
        this.servletContext = servletContext;
        this.store = store;
        this.listeners = listeners;
        this.timeoutSeconds = timeoutSeconds;
        if (store instanceof MemorySessions memory) {
            memory.onExpiry(session -> destroy(new SessionView(this, session, false)));
        }
    }

    ServletContext servletContext() {
        return servletContext;
    }

    SessionStore store() {
        return store;
    }

    int timeoutSeconds() {
        return timeoutSeconds;
    }

    void timeoutSeconds(int timeoutSeconds) {
        this.timeoutSeconds = timeoutSeconds;
    }

    /** The live session with {@code id}, as a view for one request; null when there is none or it expired. */
    SessionView find(String id) {
        StoredSession session = id == null ? null : store.find(id);
        return session == null ? null : new SessionView(this, session, false);
    }

    /** A new session, for the request that asked for it. */
    SessionView create() {
        SessionView view = new SessionView(this, store.create(timeoutSeconds), true);
        for (HttpSessionListener listener : listeners.get()) {
            listener.sessionCreated(new HttpSessionEvent(view));
        }
        return view;
    }

    /**
     * Tells the listeners that {@code view}'s session is about to go (its attributes still readable), then unbinds its
     * attributes and marks it invalidated.
     */
    void destroy(SessionView view) {
        for (HttpSessionListener listener : listeners.get()) {
            listener.sessionDestroyed(new HttpSessionEvent(view));
        }
        view.unbindAll();
    }
}
