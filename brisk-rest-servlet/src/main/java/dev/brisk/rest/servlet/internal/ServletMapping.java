package dev.brisk.rest.servlet.internal;

import jakarta.servlet.MultipartConfigElement;
import jakarta.servlet.Servlet;
import jakarta.servlet.ServletRegistration;
import jakarta.servlet.ServletSecurityElement;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A servlet added to the servlet context. It is recorded (so that code looking registrations up finds it) but not
 * served: Brisk serves the application's handlers itself, and its filters reach them whatever servlet they name.
 */
final class ServletMapping implements ServletRegistration.Dynamic {

    private final String name;
    private final String className;
    private final InitParameters initParameters = new InitParameters();
    private final Set<String> mappings = new LinkedHashSet<>();
    private String runAsRole;

    ServletMapping(String name, String className) {
        this.name = name;
        this.className = className;
    }

    static ServletMapping of(String name, Servlet servlet) {
        return new ServletMapping(name, servlet.getClass().getName());
    }

    @Override
    public Set<String> addMapping(String... urlPatterns) {
        mappings.addAll(List.of(urlPatterns));
        return Set.of();
    }

    @Override
    public Collection<String> getMappings() {
        return Collections.unmodifiableSet(mappings);
    }

    @Override
    public String getRunAsRole() {
        return runAsRole;
    }

    @Override
    public void setRunAsRole(String roleName) {
        this.runAsRole = roleName;
    }

    @Override
    public void setLoadOnStartup(int loadOnStartup) {
        // never loaded: see the class comment
    }

    @Override
    public Set<String> setServletSecurity(ServletSecurityElement constraint) {
        return Set.of();
    }

    @Override
    public void setMultipartConfig(MultipartConfigElement multipartConfig) {
        // multipart bodies are Brisk's (its multipart options)
    }

    @Override
    public void setAsyncSupported(boolean isAsyncSupported) {
        // not served
    }

    @Override
    public String getName() {
        return name;
    }

    @Override
    public String getClassName() {
        return className;
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
    public Set<String> setInitParameters(Map<String, String> parameters) {
        return initParameters.setAll(parameters);
    }

    @Override
    public Map<String, String> getInitParameters() {
        return initParameters.asMap();
    }
}
