package dev.brisk.rest.servlet.internal;

import dev.brisk.rest.servlet.SessionStore;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterRegistration;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.Servlet;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRegistration;
import jakarta.servlet.SessionCookieConfig;
import jakarta.servlet.SessionTrackingMode;
import jakarta.servlet.descriptor.JspConfigDescriptor;
import jakarta.servlet.http.HttpSessionListener;

import java.io.InputStream;
import java.lang.reflect.InvocationTargetException;
import java.net.URL;
import java.net.URLConnection;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Enumeration;
import java.util.EventListener;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The servlet context of a Brisk server: attributes, init parameters, the filters added to it (run around the
 * handlers), listeners, session settings. Servlets added to it are recorded, not served; there are no JSPs, request
 * dispatchers or resources of a web application directory.
 */
public final class ServletContextFacade implements ServletContext {

    private static final System.Logger LOG = System.getLogger("dev.brisk.rest.servlet");

    private final String contextPath;
    private final ClassLoader classLoader;
    private final Map<String, Object> attributes = new ConcurrentHashMap<>();
    private final Map<String, String> initParameters = new ConcurrentHashMap<>();
    private final Map<String, FilterMapping> filters = Collections.synchronizedMap(new LinkedHashMap<>());
    private final Map<String, ServletMapping> servlets = Collections.synchronizedMap(new LinkedHashMap<>());
    private final List<EventListener> listeners = new CopyOnWriteArrayList<>();
    private final CookieSettings cookie = new CookieSettings();
    private final ServletSessions sessions;
    private volatile boolean started;
    private volatile String requestEncoding;
    private volatile String responseEncoding;

    /**
     * A context whose sessions live in {@code sessionStore}, or in memory, at most {@code maxSessions} at once, when it
     * is null.
     */
    public ServletContextFacade(String contextPath, ClassLoader classLoader, int sessionTimeoutSeconds,
                                SessionStore sessionStore, int maxSessions) {
        this.contextPath = contextPath;
        this.classLoader = classLoader;
        this.sessions = new ServletSessions(this, sessionStore != null ? sessionStore : new MemorySessions(maxSessions),
                this::sessionListeners, sessionTimeoutSeconds);
    }

    ServletSessions sessions() {
        return sessions;
    }

    CookieSettings cookie() {
        return cookie;
    }

    /** The filters that apply to requests, in the order they were added. */
    public List<FilterMapping> requestFilters() {
        synchronized (filters) {
            return List.copyOf(filters.values());
        }
    }

    /** Initializes the filters and tells the context listeners; once. */
    public void start() throws ServletException {
        if (started) {
            return;
        }
        started = true;
        for (EventListener listener : listeners) {
            if (listener instanceof ServletContextListener context) {
                context.contextInitialized(new ServletContextEvent(this));
            }
        }
        for (FilterMapping mapping : requestFilters()) {
            mapping.filter().init(mapping);
        }
    }

    /** Destroys the filters and tells the context listeners, in reverse order. */
    public void stop() {
        if (!started) {
            return;
        }
        started = false;
        List<FilterMapping> all = new ArrayList<>(requestFilters());
        Collections.reverse(all);
        for (FilterMapping mapping : all) {
            try {
                mapping.filter().destroy();
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "servlet filter " + mapping.getName() + " failed to stop", e);
            }
        }
        List<EventListener> reversed = new ArrayList<>(listeners);
        Collections.reverse(reversed);
        for (EventListener listener : reversed) {
            if (listener instanceof ServletContextListener context) {
                context.contextDestroyed(new ServletContextEvent(this));
            }
        }
    }

    private List<HttpSessionListener> sessionListeners() {
        List<HttpSessionListener> found = new ArrayList<>();
        for (EventListener listener : listeners) {
            if (listener instanceof HttpSessionListener session) {
                found.add(session);
            }
        }
        return found;
    }

    private void checkNotStarted(String what) {
        if (started) {
            throw new IllegalStateException(what + ": the servlet context has already been initialized");
        }
    }

    @Override
    public String getContextPath() {
        return contextPath;
    }

    @Override
    public ServletContext getContext(String uripath) {
        return uripath != null && uripath.startsWith(contextPath) ? this : null;
    }

    @Override
    public int getMajorVersion() {
        return 6;
    }

    @Override
    public int getMinorVersion() {
        return 1;
    }

    @Override
    public int getEffectiveMajorVersion() {
        return 6;
    }

    @Override
    public int getEffectiveMinorVersion() {
        return 1;
    }

    @Override
    public String getMimeType(String file) {
        return file == null ? null : URLConnection.guessContentTypeFromName(file);
    }

    @Override
    public Set<String> getResourcePaths(String path) {
        return null;
    }

    @Override
    public URL getResource(String path) {
        return null;
    }

    @Override
    public InputStream getResourceAsStream(String path) {
        return null;
    }

    @Override
    public RequestDispatcher getRequestDispatcher(String path) {
        return null;
    }

    @Override
    public RequestDispatcher getNamedDispatcher(String name) {
        return null;
    }

    @Override
    public void log(String msg) {
        LOG.log(System.Logger.Level.INFO, msg);
    }

    @Override
    public void log(String message, Throwable throwable) {
        LOG.log(System.Logger.Level.ERROR, message, throwable);
    }

    @Override
    public String getRealPath(String path) {
        return null;
    }

    @Override
    public String getServerInfo() {
        return "Brisk";
    }

    @Override
    public String getInitParameter(String name) {
        return initParameters.get(name);
    }

    @Override
    public Enumeration<String> getInitParameterNames() {
        return Collections.enumeration(initParameters.keySet());
    }

    @Override
    public boolean setInitParameter(String name, String value) {
        checkNotStarted("setInitParameter");
        return initParameters.putIfAbsent(name, value) == null;
    }

    @Override
    public Object getAttribute(String name) {
        return attributes.get(name);
    }

    @Override
    public Enumeration<String> getAttributeNames() {
        return Collections.enumeration(attributes.keySet());
    }

    @Override
    public void setAttribute(String name, Object object) {
        if (object == null) {
            attributes.remove(name);
        } else {
            attributes.put(name, object);
        }
    }

    @Override
    public void removeAttribute(String name) {
        attributes.remove(name);
    }

    @Override
    public String getServletContextName() {
        return contextPath.isEmpty() ? "application" : contextPath.substring(1);
    }

    @Override
    public ServletRegistration.Dynamic addServlet(String servletName, String className) {
        return addServlet(servletName, new ServletMapping(servletName, className));
    }

    @Override
    public ServletRegistration.Dynamic addServlet(String servletName, Servlet servlet) {
        return addServlet(servletName, ServletMapping.of(servletName, servlet));
    }

    @Override
    public ServletRegistration.Dynamic addServlet(String servletName, Class<? extends Servlet> servletClass) {
        return addServlet(servletName, new ServletMapping(servletName, servletClass.getName()));
    }

    private ServletRegistration.Dynamic addServlet(String servletName, ServletMapping mapping) {
        checkNotStarted("addServlet");
        if (servlets.putIfAbsent(servletName, mapping) != null) {
            return null;
        }
        LOG.log(System.Logger.Level.DEBUG, () -> "servlet " + servletName + " (" + mapping.getClassName()
                + ") is recorded, not served: Brisk serves the application's handlers itself");
        return mapping;
    }

    @Override
    public ServletRegistration.Dynamic addJspFile(String servletName, String jspFile) {
        throw new UnsupportedOperationException("Brisk does not serve JSPs (" + jspFile + ")");
    }

    @Override
    public <T extends Servlet> T createServlet(Class<T> clazz) throws ServletException {
        return instantiate(clazz);
    }

    @Override
    public ServletRegistration getServletRegistration(String servletName) {
        return servlets.get(servletName);
    }

    @Override
    public Map<String, ? extends ServletRegistration> getServletRegistrations() {
        synchronized (servlets) {
            return Map.copyOf(servlets);
        }
    }

    @Override
    public FilterRegistration.Dynamic addFilter(String filterName, String className) {
        try {
            return addFilter(filterName, Class.forName(className, true, classLoader).asSubclass(Filter.class));
        } catch (ClassNotFoundException e) {
            throw new IllegalArgumentException("no filter class " + className, e);
        }
    }

    @Override
    public FilterRegistration.Dynamic addFilter(String filterName, Filter filter) {
        checkNotStarted("addFilter");
        if (filterName == null || filterName.isEmpty()) {
            throw new IllegalArgumentException("a filter needs a name");
        }
        FilterMapping mapping = new FilterMapping(filterName, filter, this);
        return filters.putIfAbsent(filterName, mapping) == null ? mapping : null;
    }

    @Override
    public FilterRegistration.Dynamic addFilter(String filterName, Class<? extends Filter> filterClass) {
        try {
            return addFilter(filterName, createFilter(filterClass));
        } catch (ServletException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    @Override
    public <T extends Filter> T createFilter(Class<T> clazz) throws ServletException {
        return instantiate(clazz);
    }

    @Override
    public FilterRegistration getFilterRegistration(String filterName) {
        return filters.get(filterName);
    }

    @Override
    public Map<String, ? extends FilterRegistration> getFilterRegistrations() {
        synchronized (filters) {
            return Map.copyOf(filters);
        }
    }

    @Override
    public SessionCookieConfig getSessionCookieConfig() {
        return cookie;
    }

    @Override
    public void setSessionTrackingModes(Set<SessionTrackingMode> sessionTrackingModes) {
        if (sessionTrackingModes.contains(SessionTrackingMode.URL)
                || sessionTrackingModes.contains(SessionTrackingMode.SSL)) {
            throw new IllegalArgumentException("Brisk tracks sessions by cookie only, not " + sessionTrackingModes);
        }
    }

    @Override
    public Set<SessionTrackingMode> getDefaultSessionTrackingModes() {
        return EnumSet.of(SessionTrackingMode.COOKIE);
    }

    @Override
    public Set<SessionTrackingMode> getEffectiveSessionTrackingModes() {
        return EnumSet.of(SessionTrackingMode.COOKIE);
    }

    @Override
    public void addListener(String className) {
        try {
            addListener(Class.forName(className, true, classLoader).asSubclass(EventListener.class));
        } catch (ClassNotFoundException e) {
            throw new IllegalArgumentException("no listener class " + className, e);
        }
    }

    @Override
    public <T extends EventListener> void addListener(T t) {
        checkNotStarted("addListener");
        listeners.add(t);
    }

    @Override
    public void addListener(Class<? extends EventListener> listenerClass) {
        try {
            addListener(createListener(listenerClass));
        } catch (ServletException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    @Override
    public <T extends EventListener> T createListener(Class<T> clazz) throws ServletException {
        return instantiate(clazz);
    }

    private static <T> T instantiate(Class<T> type) throws ServletException {
        try {
            return type.getDeclaredConstructor().newInstance();
        } catch (InvocationTargetException e) {
            throw new ServletException("could not create " + type.getName(), e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new ServletException("could not create " + type.getName()
                    + ": it needs a public constructor without arguments", e);
        }
    }

    @Override
    public JspConfigDescriptor getJspConfigDescriptor() {
        return null;
    }

    @Override
    public ClassLoader getClassLoader() {
        return classLoader;
    }

    @Override
    public void declareRoles(String... roleNames) {
        // roles are the application's (Spring Security's), not the container's
    }

    @Override
    public String getVirtualServerName() {
        return "brisk";
    }

    @Override
    public int getSessionTimeout() {
        return sessions.timeoutSeconds() / 60;
    }

    @Override
    public void setSessionTimeout(int sessionTimeout) {
        sessions.timeoutSeconds(sessionTimeout * 60);
    }

    @Override
    public String getRequestCharacterEncoding() {
        return requestEncoding;
    }

    @Override
    public void setRequestCharacterEncoding(String encoding) {
        this.requestEncoding = encoding;
    }

    @Override
    public String getResponseCharacterEncoding() {
        return responseEncoding;
    }

    @Override
    public void setResponseCharacterEncoding(String encoding) {
        this.responseEncoding = encoding;
    }
}
