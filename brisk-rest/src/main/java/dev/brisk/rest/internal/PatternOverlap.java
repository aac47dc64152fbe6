package dev.brisk.rest.internal;

import dev.brisk.rest.internal.router.PathPattern;
import dev.brisk.rest.internal.router.PathPattern.Kind;
import dev.brisk.rest.internal.router.PathPattern.Segment;

import java.util.List;

/** How the paths of a route relate to an interceptor pattern, worked out from the two templates alone. */
final class PatternOverlap {

    /** Every path of the route matches, none does, or it depends on the path. */
    enum Relation { NEVER, SOMETIMES, ALWAYS }

    private PatternOverlap() {
    }

    static Relation relation(PathPattern route, PathPattern pattern) {
        List<Segment> r = route.segments();
        List<Segment> p = pattern.segments();
        boolean partial = false;
        for (int i = 0; ; i++) {
            if (i == p.size()) {
                if (i == r.size()) {
                    return partial ? Relation.SOMETIMES : Relation.ALWAYS;
                }
                return r.get(i).kind() == Kind.CATCH_ALL ? Relation.SOMETIMES : Relation.NEVER;
            }
            Segment ps = p.get(i);
            if (ps.kind() == Kind.CATCH_ALL) {
                return partial ? Relation.SOMETIMES : Relation.ALWAYS;
            }
            if (i == r.size()) {
                return Relation.NEVER;
            }
            Segment rs = r.get(i);
            if (rs.kind() == Kind.CATCH_ALL) {
                return Relation.SOMETIMES;
            }
            switch (ps.kind()) {
                case LITERAL -> {
                    if (rs.kind() == Kind.LITERAL) {
                        if (!rs.text().equals(ps.text())) {
                            return Relation.NEVER;
                        }
                    } else if (rs.kind() == Kind.REGEX && !rs.regex().matcher(ps.text()).matches()) {
                        return Relation.NEVER;
                    } else {
                        partial = true;
                    }
                }
                case REGEX -> {
                    if (rs.kind() == Kind.LITERAL) {
                        if (!ps.regex().matcher(rs.text()).matches()) {
                            return Relation.NEVER;
                        }
                    } else if (!(rs.kind() == Kind.REGEX && rs.regex().pattern().equals(ps.regex().pattern()))) {
                        partial = true;
                    }
                }
                default -> {
                    // {param} and * match any non-empty segment
                }
            }
        }
    }
}
