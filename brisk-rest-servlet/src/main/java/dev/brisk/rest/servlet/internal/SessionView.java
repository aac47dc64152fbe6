package dev.brisk.rest.servlet.internal;

import dev.brisk.rest.servlet.StoredSession;
import jakarta.servlet.ServletContext;
import jakarta.servlet.http.HttpSession;
import jakarta.servlet.http.HttpSessionBindingEvent;
import jakarta.servlet.http.HttpSessionBindingListener;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;

/**
 * The {@link HttpSession} a request sees of a {@link StoredSession}: each change (an attribute set or removed, the
 * inactive interval) goes to the session and is saved to the store at once, so the next request finds it on whichever
 * server it reaches; binding listeners among the values are told when they are bound and unbound.
 */
final class SessionView implements HttpSession {

    private final ServletSessions sessions;
    private final StoredSession session;
    /** Made by this request: the client does not know it yet. */
    private final boolean fresh;

    SessionView(ServletSessions sessions, StoredSession session, boolean fresh) {
        this.sessions = sessions;
        this.session = session;
        this.fresh = fresh;
    }

    StoredSession stored() {
        return session;
    }

    /** Whether the session is gone (invalidated, or expired at {@code now}). */
    boolean isGone(long now) {
        return session.isExpired(now);
    }

    private void checkValid(String method) {
        if (session.isInvalidated()) {
            throw new IllegalStateException(method + ": the session has been invalidated");
        }
    }

    private void save() {
        sessions.store().save(session);
    }

    @Override
    public long getCreationTime() {
        checkValid("getCreationTime");
        return session.creationTime();
    }

    @Override
    public String getId() {
        return session.id();
    }

    @Override
    public long getLastAccessedTime() {
        checkValid("getLastAccessedTime");
        return session.lastAccessedTime();
    }

    @Override
    public ServletContext getServletContext() {
        return sessions.servletContext();
    }

    @Override
    public void setMaxInactiveInterval(int interval) {
        session.maxInactiveSeconds(interval);
        if (!session.isInvalidated()) {
            save();
        }
    }

    @Override
    public int getMaxInactiveInterval() {
        return session.maxInactiveSeconds();
    }

    @Override
    public Object getAttribute(String name) {
        checkValid("getAttribute");
        return session.attributes().get(name);
    }

    @Override
    public Enumeration<String> getAttributeNames() {
        checkValid("getAttributeNames");
        return Collections.enumeration(new ArrayList<>(session.attributes().keySet()));
    }

    @Override
    public void setAttribute(String name, Object value) {
        checkValid("setAttribute");
        if (value == null) {
            removeAttribute(name);
            return;
        }
        Object previous = session.attributes().put(name, value);
        save();
        if (value != previous && value instanceof HttpSessionBindingListener listener) {
            listener.valueBound(new HttpSessionBindingEvent(this, name, value));
        }
        if (previous != null && previous != value && previous instanceof HttpSessionBindingListener listener) {
            listener.valueUnbound(new HttpSessionBindingEvent(this, name, previous));
        }
    }

    @Override
    public void removeAttribute(String name) {
        checkValid("removeAttribute");
        Object previous = session.attributes().remove(name);
        if (previous == null) {
            return;
        }
        save();
        if (previous instanceof HttpSessionBindingListener listener) {
            listener.valueUnbound(new HttpSessionBindingEvent(this, name, previous));
        }
    }

    @Override
    public void invalidate() {
        checkValid("invalidate");
        sessions.store().remove(session.id());
        sessions.destroy(this);
    }

    /** Removes every attribute, telling the binding listeners, and marks the session invalidated. */
    void unbindAll() {
        for (String name : new ArrayList<>(session.attributes().keySet())) {
            Object value = session.attributes().remove(name);
            if (value instanceof HttpSessionBindingListener listener) {
                listener.valueUnbound(new HttpSessionBindingEvent(this, name, value));
            }
        }
        session.invalidate();
    }

    @Override
    public boolean isNew() {
        checkValid("isNew");
        return fresh;
    }

    @Override
    public String toString() {
        return session.toString();
    }
}
