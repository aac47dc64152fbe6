package dev.brisk.rest.servlet.internal;

import jakarta.servlet.ServletContext;
import jakarta.servlet.http.HttpSession;
import jakarta.servlet.http.HttpSessionBindingEvent;
import jakarta.servlet.http.HttpSessionBindingListener;

import java.util.Collections;
import java.util.Enumeration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** A session held in memory by {@link MemorySessions}. */
final class MemorySession implements HttpSession {

    private final MemorySessions sessions;
    private final long creationTime = System.currentTimeMillis();
    private final Map<String, Object> attributes = new ConcurrentHashMap<>();
    private volatile String id;
    private volatile long lastAccessedTime = creationTime;
    private volatile int maxInactiveInterval;
    private volatile boolean valid = true;
    private volatile boolean fresh = true;

    MemorySession(MemorySessions sessions, String id, int maxInactiveInterval) {
        this.sessions = sessions;
        this.id = id;
        this.maxInactiveInterval = maxInactiveInterval;
    }

    /** A request came with this session: it is no longer new, and its inactivity starts again. */
    void accessed(long now) {
        fresh = false;
        lastAccessedTime = now;
    }

    boolean expired(long now) {
        int max = maxInactiveInterval;
        return !valid || (max > 0 && now - lastAccessedTime > max * 1000L);
    }

    void id(String id) {
        this.id = id;
    }

    private void checkValid(String method) {
        if (!valid) {
            throw new IllegalStateException(method + ": the session has been invalidated");
        }
    }

    @Override
    public long getCreationTime() {
        checkValid("getCreationTime");
        return creationTime;
    }

    @Override
    public String getId() {
        return id;
    }

    @Override
    public long getLastAccessedTime() {
        checkValid("getLastAccessedTime");
        return lastAccessedTime;
    }

    @Override
    public ServletContext getServletContext() {
        return sessions.servletContext();
    }

    @Override
    public void setMaxInactiveInterval(int interval) {
        this.maxInactiveInterval = interval;
    }

    @Override
    public int getMaxInactiveInterval() {
        return maxInactiveInterval;
    }

    @Override
    public Object getAttribute(String name) {
        checkValid("getAttribute");
        return attributes.get(name);
    }

    @Override
    public Enumeration<String> getAttributeNames() {
        checkValid("getAttributeNames");
        return Collections.enumeration(attributes.keySet());
    }

    @Override
    public void setAttribute(String name, Object value) {
        checkValid("setAttribute");
        if (value == null) {
            removeAttribute(name);
            return;
        }
        Object previous = attributes.put(name, value);
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
        Object previous = attributes.remove(name);
        if (previous instanceof HttpSessionBindingListener listener) {
            listener.valueUnbound(new HttpSessionBindingEvent(this, name, previous));
        }
    }

    @Override
    public void invalidate() {
        checkValid("invalidate");
        valid = false;
        sessions.remove(this);
        for (String name : attributes.keySet()) {
            Object value = attributes.remove(name);
            if (value instanceof HttpSessionBindingListener listener) {
                listener.valueUnbound(new HttpSessionBindingEvent(this, name, value));
            }
        }
    }

    @Override
    public boolean isNew() {
        checkValid("isNew");
        return fresh;
    }
}
