package dev.brisk.rest;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * An interceptor limited by path patterns, Spring style: it applies where any include pattern matches and no
 * exclude pattern does. The patterns are intersected with every route at startup, so a route they fully cover pays
 * no matching per request, a route they cannot match pays nothing at all, and only partial overlaps are tested per
 * request. Patterns use the route template syntax ({@code /api/**}, {@code /users/{id}}, {@code *}).
 */
public final class InterceptorRegistration {

    private final HandlerInterceptor interceptor;
    private final List<String> includes = new ArrayList<>();
    private final List<String> excludes = new ArrayList<>();

    private InterceptorRegistration(HandlerInterceptor interceptor) {
        this.interceptor = interceptor;
    }

    public static InterceptorRegistration of(HandlerInterceptor interceptor) {
        return new InterceptorRegistration(Objects.requireNonNull(interceptor, "interceptor"));
    }

    public InterceptorRegistration includes(String... patterns) {
        includes.addAll(List.of(patterns));
        return this;
    }

    public InterceptorRegistration excludes(String... patterns) {
        excludes.addAll(List.of(patterns));
        return this;
    }

    public HandlerInterceptor interceptor() {
        return interceptor;
    }

    /** Include patterns; none means every path. */
    public List<String> includes() {
        return List.copyOf(includes);
    }

    public List<String> excludes() {
        return List.copyOf(excludes);
    }
}
