package dev.brisk.rest.internal;

import dev.brisk.rest.internal.cors.CorsProcessor;
import dev.brisk.rest.web.CorsConfig;

import java.util.ArrayList;
import java.util.List;

/**
 * The CORS rules of one route, decided at startup: the first server pattern that covers the route, combined with the
 * route's own rules. Only a pattern that covers part of the route's paths ({@code /files/*} against
 * {@code /files/{*path}}) is tested per request.
 */
final class RouteCors {

    private record Candidate(CorsMappings.Mapping partial, CorsProcessor processor) {
    }

    private final List<Candidate> candidates;
    private final CorsProcessor fallback;

    private RouteCors(List<Candidate> candidates, CorsProcessor fallback) {
        this.candidates = candidates;
        this.fallback = fallback;
    }

    /** The rules of {@code route}, or null when none apply to it. */
    static RouteCors forRoute(CompiledRoute route, CorsMappings mappings) {
        CorsConfig own = route.route.cors().map(config -> ownRules(route, config)).orElse(null);
        List<Candidate> candidates = new ArrayList<>();
        try {
            for (CorsMappings.Mapping mapping : mappings.mappings()) {
                PatternOverlap.Relation relation = PatternOverlap.relation(route.pattern, mapping.pattern());
                if (relation == PatternOverlap.Relation.NEVER) {
                    continue;
                }
                CorsConfig config = own == null ? mapping.config() : mapping.config().combine(own);
                boolean always = relation == PatternOverlap.Relation.ALWAYS;
                candidates.add(new Candidate(always ? null : mapping, new CorsProcessor(config)));
                if (always) {
                    break;
                }
            }
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("CORS rules of route " + route + ": " + e.getMessage(), e);
        }
        CorsProcessor fallback = own == null ? null : new CorsProcessor(own);
        if (candidates.isEmpty() && fallback == null) {
            return null;
        }
        return new RouteCors(List.copyOf(candidates), fallback);
    }

    /** A route's own rules allow the route's method unless they name methods, as {@code @CrossOrigin} does. */
    private static CorsConfig ownRules(CompiledRoute route, CorsConfig config) {
        return config.methodsSet() ? config : config.toBuilder().allowedMethods(route.method().name()).build();
    }

    /** The rules for a request routed here with {@code path}; null when no pattern matches and the route has none. */
    CorsProcessor processor(String path) {
        for (Candidate candidate : candidates) {
            if (candidate.partial() == null || candidate.partial().matches(path)) {
                return candidate.processor();
            }
        }
        return fallback;
    }
}
