package dev.brisk.rest.internal;

import dev.brisk.rest.HandlerInterceptor;
import dev.brisk.rest.InterceptorRegistration;
import dev.brisk.rest.MappingInterceptor;
import dev.brisk.rest.RouteInterceptor;
import dev.brisk.rest.internal.router.PathPattern;
import dev.brisk.rest.internal.router.RouteMatch;
import dev.brisk.rest.internal.router.Router;
import io.netty.handler.codec.http.HttpMethod;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/** An interceptor as it applies to one route: always (no test) or after a per-request test. */
record BoundInterceptor(HandlerInterceptor interceptor, Predicate<DefaultRequestContext> test) {

    /** The interceptors of {@code route}, in registration order; those that never apply are left out. */
    static BoundInterceptor[] forRoute(CompiledRoute route, List<Object> registrations) {
        List<BoundInterceptor> bound = new ArrayList<>();
        for (Object registration : registrations) {
            if (registration instanceof InterceptorRegistration patterns) {
                bindPatterns(route, patterns, bound);
            } else if (registration instanceof RouteInterceptor chooser) {
                if (chooser.appliesTo(route)) {
                    bound.add(new BoundInterceptor(chooser, null));
                }
            } else if (registration instanceof MappingInterceptor mapping) {
                bound.add(new BoundInterceptor(mapping, mapping::matches));
            } else {
                bound.add(new BoundInterceptor((HandlerInterceptor) registration, null));
            }
        }
        return bound.toArray(new BoundInterceptor[0]);
    }

    private static void bindPatterns(CompiledRoute route, InterceptorRegistration registration,
                                     List<BoundInterceptor> bound) {
        List<PathPattern> includes = registration.includes().stream().map(PathPattern::parse).toList();
        List<PathPattern> excludes = registration.excludes().stream().map(PathPattern::parse).toList();
        PatternOverlap.Relation include = includes.isEmpty() ? PatternOverlap.Relation.ALWAYS : best(route, includes);
        PatternOverlap.Relation exclude = excludes.isEmpty() ? PatternOverlap.Relation.NEVER : best(route, excludes);
        if (include == PatternOverlap.Relation.NEVER || exclude == PatternOverlap.Relation.ALWAYS) {
            return;
        }
        if (include == PatternOverlap.Relation.ALWAYS && exclude == PatternOverlap.Relation.NEVER) {
            bound.add(new BoundInterceptor(registration.interceptor(), null));
            return;
        }
        Router<Boolean> in = includes.isEmpty() ? null : matcher(includes);
        Router<Boolean> out = excludes.isEmpty() ? null : matcher(excludes);
        bound.add(new BoundInterceptor(registration.interceptor(), ctx -> {
            String path = ctx.routePath();
            RouteMatch<Boolean> match = new RouteMatch<>();
            return (in == null || in.find(HttpMethod.GET, path, match))
                    && (out == null || !out.find(HttpMethod.GET, path, match));
        }));
    }

    private static PatternOverlap.Relation best(CompiledRoute route, List<PathPattern> patterns) {
        PatternOverlap.Relation best = PatternOverlap.Relation.NEVER;
        for (PathPattern pattern : patterns) {
            PatternOverlap.Relation relation = PatternOverlap.relation(route.pattern, pattern);
            if (relation.ordinal() > best.ordinal()) {
                best = relation;
            }
        }
        return best;
    }

    private static Router<Boolean> matcher(List<PathPattern> patterns) {
        List<Router.Entry<Boolean>> entries = new ArrayList<>();
        for (PathPattern pattern : patterns) {
            entries.add(new Router.Entry<>(HttpMethod.GET, pattern, Boolean.TRUE));
        }
        return Router.of(entries);
    }
}
