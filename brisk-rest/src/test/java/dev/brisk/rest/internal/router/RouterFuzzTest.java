package dev.brisk.rest.internal.router;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.brisk.http.testing.FuzzInputs;
import io.netty.handler.codec.http.HttpMethod;
import org.junit.jupiter.api.AfterAll;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Fuzzes the {@link Router}: a table built from a fuzz-chosen selection of fixed templates (every kind of segment:
 * literal, {@code {param}}, {@code {param:regex}}, {@code *}, {@code **}, {@code {*rest}}, empty segments, trailing
 * slashes), then lookups of fuzzed methods and raw paths. {@link Router#find} documents no exception, so any is a
 * finding.
 *
 * <p>Every lookup is checked against a reference matcher written in this class (the template's segments against
 * the path split at {@code /}): a route is found exactly when some registered template matches the path with that
 * method; the routes found all have that method and match the path; the captures are the reference's captures
 * for those templates; no matching template with that method has precedence over the one found (literal, then
 * {@code {param}}, then regex, then {@code *}, then catch-all, segment by segment); and without a route for the
 * method, {@link RouteMatch#pathMatched()} tells whether any template matches the path, with allowed methods that
 * such templates have.
 *
 * <p>Input: lines (ISO-8859-1). A line {@code METHOD PATH} (or just {@code PATH}, for GET) is a lookup. A line
 * starting with {@code #} selects the routes: each byte after it registers template {@code b % T} for method
 * {@code (b / T) % M} of {@link #TEMPLATES} and {@link #METHODS}; without such a line the default table is used
 * (every template but the root catch-all, for GET, a few for other methods too).
 *
 * <p>A finding of an earlier run, fixed since (docs/fuzzing.md): a root catch-all ({@code /**}, {@code /{*rest}})
 * did not match {@code /} (F4).
 *
 * <p>Seeds: {@code src/test/resources/dev/brisk/rest/internal/router/RouterFuzzTestInputs/lookup/}.
 */
class RouterFuzzTest {

    private static final FuzzInputs INPUTS = new FuzzInputs("RouterFuzzTest.lookup",
            "router lookups never throw, and agree with a reference matcher on whether, which and with what"
                    + " captures a route matches");

    static final List<String> TEMPLATES = List.of(
            "/",
            "/users",
            "/users/",
            "/users/me",
            "/users/{id}",
            "/users/{id:[0-9]+}",
            "/users/{id}/posts/{postId:\\d{1,4}}",
            "/users/*/avatar",
            "/files/**",
            "/docs/{*path}",
            "/a/{x}/c",
            "/a/b/{y}",
            "/a//{z}",
            "/static/{name:[a-z]+\\.(?:js|css)}",
            "/x/{a}/{b}/*/**",
            "/**");

    static final List<HttpMethod> METHODS = List.of(HttpMethod.GET, HttpMethod.POST, HttpMethod.PUT,
            HttpMethod.DELETE, HttpMethod.valueOf("PURGE"));

    private static final List<PathPattern> PATTERNS = TEMPLATES.stream().map(PathPattern::parse).toList();
    private static final List<Route> DEFAULT_ROUTES = defaultRoutes();

    /** One registered route: what the router returns as the value of a match. */
    record Route(int index, HttpMethod method, PathPattern pattern) {
        @Override
        public String toString() {
            return method + " " + pattern;
        }
    }

    @AfterAll
    static void record() {
        INPUTS.record();
    }

    @FuzzTest
    void lookup(byte[] input) {
        String text = new String(input, StandardCharsets.ISO_8859_1);
        String[] lines = text.split("\n", -1);
        List<Route> routes = null;
        for (String line : lines) {
            if (line.startsWith("#")) {
                routes = routes == null ? new ArrayList<>() : routes;
                for (int i = 1; i < line.length(); i++) {
                    int b = line.charAt(i);
                    int index = b % PATTERNS.size();
                    routes.add(new Route(routes.size(), METHODS.get(b / PATTERNS.size() % METHODS.size()),
                            PATTERNS.get(index)));
                }
            }
        }
        if (routes == null) {
            routes = DEFAULT_ROUTES;
        }
        List<Router.Entry<Route>> entries = new ArrayList<>();
        for (Route route : routes) {
            entries.add(new Router.Entry<>(route.method(), route.pattern(), route));
        }
        Router<Route> router = Router.of(entries);
        assertThat(router.size()).isEqualTo(routes.size());

        RouteMatch<Route> match = new RouteMatch<>();
        int lookups = 0;
        for (String line : lines) {
            if (line.startsWith("#") || lookups++ >= 8) {
                continue;
            }
            int space = line.indexOf(' ');
            HttpMethod method = space < 0 ? HttpMethod.GET : method(line.substring(0, space));
            String path = space < 0 ? line : line.substring(space + 1);
            check(router, routes, method, path, match);
        }
        INPUTS.passed();
    }

    private static HttpMethod method(String name) {
        try {
            return HttpMethod.valueOf(name);
        } catch (IllegalArgumentException e) {
            return HttpMethod.GET; // not a name Netty takes: no request could carry it
        }
    }

    private static void check(Router<Route> router, List<Route> routes, HttpMethod method, String path,
                              RouteMatch<Route> match) {
        boolean found = router.find(method, path, match);
        String lookup = method + " " + path + " in " + routes;

        List<Route> matching = new ArrayList<>();
        List<Route> matchingForMethod = new ArrayList<>();
        for (Route route : routes) {
            if (referenceCaptures(route.pattern(), path) != null) {
                matching.add(route);
                if (route.method().equals(method)) {
                    matchingForMethod.add(route);
                }
            }
        }
        assertThat(found).as("found " + lookup + "; matching for the method: " + matchingForMethod)
                .isEqualTo(!matchingForMethod.isEmpty());
        assertThat(match.path()).isEqualTo(path);
        if (found) {
            assertThat(match.pathMatched()).isTrue();
            List<Route> candidates = match.candidates();
            assertThat(candidates).as("candidates of " + lookup).isNotEmpty();
            for (Route candidate : candidates) {
                assertThat(candidate.method()).as("method of " + candidate).isEqualTo(method);
                List<String> expected = referenceCaptures(candidate.pattern(), path);
                assertThat(expected).as(candidate + " matches " + path).isNotNull();
                List<String> captured = new ArrayList<>();
                for (int i = 0; i < match.captureCount(); i++) {
                    assertThat(match.captureStart(i)).isBetween(0, match.captureEnd(i));
                    assertThat(match.captureEnd(i)).isLessThanOrEqualTo(path.length());
                    captured.add(path.substring(match.captureStart(i), match.captureEnd(i)));
                }
                assertThat(captured).as("captures of " + candidate + " for " + path).isEqualTo(expected);
                for (Route other : matchingForMethod) {
                    assertThat(precedence(other.pattern(), candidate.pattern()))
                            .as(other + " has precedence over the route found, " + candidate + ", for " + path)
                            .isGreaterThanOrEqualTo(0);
                }
            }
            assertThat(match.captureOffsets()).hasSize(match.captureCount() * 2);
        } else {
            assertThat(match.candidates()).isNull();
            assertThat(match.pathMatched()).as("path matched " + lookup + "; matching: " + matching)
                    .isEqualTo(!matching.isEmpty());
            Set<HttpMethod> allowed = match.allowedMethods();
            Set<HttpMethod> possible = new HashSet<>();
            matching.forEach(route -> possible.add(route.method()));
            if (match.pathMatched()) {
                assertThat(allowed).as("allowed methods of " + lookup).isNotEmpty().doesNotContain(method);
                assertThat(possible).as("methods of the matching routes").containsAll(allowed);
            } else {
                assertThat(allowed).isEmpty();
            }
        }
    }

    /**
     * The captures of {@code pattern} on {@code path}, or null when it does not match: the path split at '/' must
     * have a segment for each of the pattern's, equal to a literal, non-empty for a variable ({@code {param}},
     * regex, {@code *}) and matched whole by a regex; a catch-all, last, takes the rest (possibly empty, and also
     * when the path ends right before it, as "/a/**" matches "/a").
     */
    static List<String> referenceCaptures(PathPattern pattern, String path) {
        if (!path.startsWith("/")) {
            return null;
        }
        List<PathPattern.Segment> segments = pattern.segments();
        if (segments.isEmpty()) {
            return path.equals("/") ? List.of() : null;
        }
        String[] parts = path.substring(1).split("/", -1);
        List<String> captures = new ArrayList<>();
        for (int i = 0; i < segments.size(); i++) {
            PathPattern.Segment segment = segments.get(i);
            if (segment.kind() == PathPattern.Kind.CATCH_ALL) {
                captures.add(i < parts.length ? String.join("/", List.of(parts).subList(i, parts.length)) : "");
                return captures;
            }
            if (i >= parts.length) {
                return null;
            }
            String part = parts[i];
            switch (segment.kind()) {
                case LITERAL -> {
                    if (!part.equals(segment.text())) {
                        return null;
                    }
                }
                case REGEX -> {
                    if (part.isEmpty() || !segment.regex().matcher(part).matches()) {
                        return null;
                    }
                    captures.add(part);
                }
                default -> {
                    if (part.isEmpty()) {
                        return null;
                    }
                    captures.add(part);
                }
            }
        }
        return parts.length == segments.size() ? captures : null;
    }

    /**
     * Compares two templates that both match a path by the documented precedence, segment by segment: literal,
     * then {@code {param}}, then regex, then {@code *}, then catch-all, and a template that ends before a
     * catch-all. Negative when {@code a} comes first; 0 when neither does (as two regexes, which go by order of
     * registration).
     */
    static int precedence(PathPattern a, PathPattern b) {
        List<PathPattern.Segment> x = a.segments();
        List<PathPattern.Segment> y = b.segments();
        for (int i = 0; i < Math.max(x.size(), y.size()); i++) {
            int kx = i < x.size() ? rank(x.get(i).kind()) : -1;
            int ky = i < y.size() ? rank(y.get(i).kind()) : -1;
            if (kx != ky) {
                return Integer.compare(kx, ky);
            }
            if (kx == rank(PathPattern.Kind.REGEX) && !x.get(i).regex().pattern().equals(y.get(i).regex().pattern())) {
                return 0;
            }
        }
        return 0;
    }

    private static int rank(PathPattern.Kind kind) {
        return switch (kind) {
            case LITERAL -> 0;
            case PARAM -> 1;
            case REGEX -> 2;
            case WILDCARD -> 3;
            case CATCH_ALL -> 4;
        };
    }

    private static List<Route> defaultRoutes() {
        List<Route> routes = new ArrayList<>();
        for (int i = 0; i < PATTERNS.size(); i++) {
            if (!TEMPLATES.get(i).equals("/**")) {
                routes.add(new Route(routes.size(), HttpMethod.GET, PATTERNS.get(i)));
            }
        }
        routes.add(new Route(routes.size(), HttpMethod.POST, PATTERNS.get(TEMPLATES.indexOf("/users"))));
        routes.add(new Route(routes.size(), HttpMethod.DELETE, PATTERNS.get(TEMPLATES.indexOf("/users/{id}"))));
        routes.add(new Route(routes.size(), HttpMethod.PUT, PATTERNS.get(TEMPLATES.indexOf("/files/**"))));
        routes.add(new Route(routes.size(), METHODS.get(4), PATTERNS.get(TEMPLATES.indexOf("/a/{x}/c"))));
        return List.copyOf(routes);
    }
}
