package dev.brisk.rest.servlet.internal;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterConfig;
import jakarta.servlet.FilterRegistration;
import jakarta.servlet.ServletContext;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Enumeration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One filter added to the servlet context, with the URL patterns it applies to; its own {@link FilterConfig}. Only
 * {@link DispatcherType#REQUEST} mappings apply: Brisk dispatches nothing else (no forwards, includes, error pages).
 */
final class FilterMapping implements FilterRegistration.Dynamic, FilterConfig {

    private final String name;
    private final Filter filter;
    private final ServletContext servletContext;
    private final InitParameters initParameters = new InitParameters();
    private final List<UrlPattern> patterns = new ArrayList<>();
    private final Set<String> patternTexts = new LinkedHashSet<>();
    private final Set<String> servletNames = new LinkedHashSet<>();
    private boolean forRequests;

    FilterMapping(String name, Filter filter, ServletContext servletContext) {
        this.name = name;
        this.filter = filter;
        this.servletContext = servletContext;
    }

    Filter filter() {
        return filter;
    }

    /** Whether the filter applies to a request for {@code path} (within the context path). */
    boolean applies(String path) {
        if (!forRequests) {
            return false;
        }
        if (!servletNames.isEmpty()) {
            return true; // every request reaches the one servlet there is: the application's handlers
        }
        for (UrlPattern pattern : patterns) {
            if (pattern.matches(path)) {
                return true;
            }
        }
        return false;
    }

    /** Whether it applies to every request (the common {@code /*}), so that no path needs testing. */
    boolean appliesToAll() {
        return forRequests && (!servletNames.isEmpty() || patterns.stream().anyMatch(UrlPattern::matchesAll));
    }

    private boolean requests(EnumSet<DispatcherType> types) {
        return types == null || types.contains(DispatcherType.REQUEST);
    }

    @Override
    public void addMappingForServletNames(EnumSet<DispatcherType> types, boolean isMatchAfter, String... names) {
        forRequests |= requests(types);
        servletNames.addAll(List.of(names));
    }

    @Override
    public Collection<String> getServletNameMappings() {
        return Collections.unmodifiableSet(servletNames);
    }

    @Override
    public void addMappingForUrlPatterns(EnumSet<DispatcherType> types, boolean isMatchAfter, String... urls) {
        forRequests |= requests(types);
        for (String url : urls) {
            patterns.add(UrlPattern.of(url));
            patternTexts.add(url);
        }
    }

    @Override
    public Collection<String> getUrlPatternMappings() {
        return Collections.unmodifiableSet(patternTexts);
    }

    @Override
    public String getName() {
        return name;
    }

    @Override
    public String getFilterName() {
        return name;
    }

    @Override
    public ServletContext getServletContext() {
        return servletContext;
    }

    @Override
    public String getClassName() {
        return filter.getClass().getName();
    }

    @Override
    public boolean setInitParameter(String key, String value) {
        return initParameters.set(key, value);
    }

    @Override
    public String getInitParameter(String key) {
        return initParameters.get(key);
    }

    @Override
    public Enumeration<String> getInitParameterNames() {
        return initParameters.names();
    }

    @Override
    public Set<String> setInitParameters(Map<String, String> parameters) {
        return initParameters.setAll(parameters);
    }

    @Override
    public Map<String, String> getInitParameters() {
        return initParameters.asMap();
    }

    @Override
    public void setAsyncSupported(boolean isAsyncSupported) {
        // filters run around the handler on one thread; the handler's own asynchrony is Brisk's
    }
}
