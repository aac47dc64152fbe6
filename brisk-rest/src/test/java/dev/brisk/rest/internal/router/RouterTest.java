package dev.brisk.rest.internal.router;

import io.netty.handler.codec.http.HttpMethod;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The router on its own: precedence, backtracking, captures, method handling. */
class RouterTest {

    private static Router<String> router(String... routes) {
        List<Router.Entry<String>> entries = new ArrayList<>();
        for (String route : routes) {
            String[] parts = route.split(" ");
            entries.add(new Router.Entry<>(HttpMethod.valueOf(parts[0]), PathPattern.parse(parts[1]), route));
        }
        return Router.of(entries);
    }

    private static String find(Router<String> router, String method, String path) {
        RouteMatch<String> match = new RouteMatch<>();
        return router.find(HttpMethod.valueOf(method), path, match) ? match.candidates().get(0) : null;
    }

    private static List<String> captures(Router<String> router, String path) {
        RouteMatch<String> match = new RouteMatch<>();
        assertThat(router.find(HttpMethod.GET, path, match)).isTrue();
        List<String> values = new ArrayList<>();
        for (int i = 0; i < match.captureCount(); i++) {
            values.add(path.substring(match.captureStart(i), match.captureEnd(i)));
        }
        return values;
    }

    @Test
    void backtracksFromALiteralDeadEndToAParameter() {
        Router<String> router = router("GET /a/b/c", "GET /a/{x}/d");
        assertThat(find(router, "GET", "/a/b/d")).isEqualTo("GET /a/{x}/d");
        assertThat(find(router, "GET", "/a/b/c")).isEqualTo("GET /a/b/c");
        assertThat(captures(router, "/a/b/d")).containsExactly("b");
    }

    @Test
    void findsTheRouteForTheMethodBeyondTheFirstMatchingPath() {
        Router<String> router = router("POST /a/b", "GET /a/{x}");
        assertThat(find(router, "GET", "/a/b")).isEqualTo("GET /a/{x}");
        RouteMatch<String> match = new RouteMatch<>();
        assertThat(router.find(HttpMethod.DELETE, "/a/b", match)).isFalse();
        assertThat(match.pathMatched()).isTrue();
        assertThat(match.allowedMethods()).containsExactly(HttpMethod.POST);
    }

    @Test
    void capturesEveryKindOfVariable() {
        Router<String> router = router("GET /r/{owner}/{repo}", "GET /n/{n:\\d+}", "GET /f/{*rest}", "GET /w/*/x");
        assertThat(captures(router, "/r/a/b")).containsExactly("a", "b");
        assertThat(captures(router, "/n/12")).containsExactly("12");
        assertThat(captures(router, "/f/x/y/z")).containsExactly("x/y/z");
        assertThat(captures(router, "/f")).containsExactly("");
        assertThat(captures(router, "/w/any/x")).containsExactly("any");
        assertThat(find(router, "GET", "/n/x1")).isNull();
    }

    @Test
    void rootCatchAllMatchesTheRoot() {
        Router<String> router = router("GET /{*rest}");
        assertThat(find(router, "GET", "/")).isEqualTo("GET /{*rest}");
        assertThat(captures(router, "/")).containsExactly("");
        assertThat(find(router, "GET", "/a/b")).isEqualTo("GET /{*rest}");
    }

    @Test
    void emptySegmentsAndTrailingSlashesDoNotMatchVariables() {
        Router<String> router = router("GET /u/{id}", "GET /");
        assertThat(find(router, "GET", "/u/")).isNull();
        assertThat(find(router, "GET", "/u//")).isNull();
        assertThat(find(router, "GET", "/u/1/")).isNull();
        assertThat(find(router, "GET", "/")).isEqualTo("GET /");
    }

    @Test
    void patternsAreValidated() {
        assertThat(PathPattern.parse("/a/{x}/b/{y}").shape()).isEqualTo("/a/{}/b/{}");
        assertThat(PathPattern.parse("/a/{x}").shape()).isEqualTo(PathPattern.parse("/a/{y}").shape());
        assertThatThrownBy(() -> PathPattern.parse("/a/{x}/{x}")).hasMessageContaining("appears twice");
        assertThatThrownBy(() -> PathPattern.parse("/a/x{y}")).hasMessageContaining("whole segment");
        assertThatThrownBy(() -> PathPattern.parse("/a/{1x}")).hasMessageContaining("invalid path variable");
    }

    @Test
    void lookupsOnALargeTableStayCorrect() {
        List<Router.Entry<String>> entries = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            entries.add(new Router.Entry<>(HttpMethod.GET, PathPattern.parse("/v" + i + "/users/{id}/posts"),
                    "route" + i));
        }
        Router<String> router = Router.of(entries);
        RouteMatch<String> match = new RouteMatch<>();
        assertThat(router.find(HttpMethod.GET, "/v999/users/7/posts", match)).isTrue();
        assertThat(match.candidates()).containsExactly("route999");
        assertThat(router.size()).isEqualTo(1000);
    }
}
