package dev.brisk.rest.internal.router;

import io.netty.handler.codec.http.HttpMethod;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.springframework.http.server.PathContainer;
import org.springframework.web.util.pattern.PathPatternParser;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * Route lookup on the GitHub API route table (203 routes; 10 and 1000 for flatness): Brisk's router against a scan
 * of Spring {@code PathPattern}s (all tried, most specific wins, as Spring MVC does) and a first-match scan of regular
 * expressions (as Vert.x or Javalin do), for a static path, a path with one variable and a path with two.
 *
 * <pre>bench/jmh.sh brisk-rest RouterBenchmark -prof gc</pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class RouterBenchmark {

    @Param({"10", "203", "1000"})
    public int routes;

    @Param({"static", "param1", "param2"})
    public String lookup;

    private String path;
    private Router<String> brisk;
    private final RouteMatch<String> match = new RouteMatch<>();
    private List<Object[]> springRoutes;
    private List<Object[]> regexRoutes;

    private record Line(HttpMethod method, String template) {
    }

    @Setup
    public void setUp() throws IOException {
        path = switch (lookup) {
            case "static" -> "/user/repos";
            case "param1" -> "/users/julienschmidt";
            default -> "/repos/julienschmidt/httprouter/stargazers";
        };
        List<Line> table = table(routes);
        List<Router.Entry<String>> entries = new ArrayList<>();
        PathPatternParser parser = new PathPatternParser();
        springRoutes = new ArrayList<>();
        regexRoutes = new ArrayList<>();
        for (Line line : table) {
            entries.add(new Router.Entry<>(line.method(), PathPattern.parse(line.template()), line.template()));
            springRoutes.add(new Object[] {line.method(), parser.parse(line.template()), line.template()});
            regexRoutes.add(new Object[] {line.method(), Pattern.compile("^" + line.template()
                    .replaceAll("\\{[^/]+}", "([^/]+)") + "$"), line.template()});
        }
        brisk = Router.of(entries);
    }

    /** The GitHub table, cut to {@code count} (keeping the looked-up routes) or extended with versioned copies. */
    private static List<Line> table(int count) throws IOException {
        List<Line> github = new ArrayList<>();
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(
                RouterBenchmark.class.getResourceAsStream("/routes/github-api.txt"), StandardCharsets.UTF_8))) {
            String text;
            while ((text = reader.readLine()) != null) {
                if (!text.isBlank() && !text.startsWith("#")) {
                    String[] parts = text.trim().split(" ");
                    github.add(new Line(HttpMethod.valueOf(parts[0]), parts[1]));
                }
            }
        }
        List<Line> result = new ArrayList<>();
        if (count < github.size()) {
            List<String> needed = List.of("/user/repos", "/users/{user}", "/repos/{owner}/{repo}/stargazers");
            for (Line line : github) {
                if (result.size() < count - needed.size() && !needed.contains(line.template())) {
                    result.add(line);
                }
            }
            needed.forEach(template -> result.add(new Line(HttpMethod.GET, template)));
            return result;
        }
        result.addAll(github);
        for (int version = 2; result.size() < count; version++) {
            for (Line line : github) {
                if (result.size() == count) {
                    break;
                }
                result.add(new Line(line.method(), "/v" + version + line.template()));
            }
        }
        return result;
    }

    @Benchmark
    public Object brisk() {
        return brisk.find(HttpMethod.GET, path, match) ? match.candidates() : null;
    }

    /**
     * What Spring MVC does for a path with variables: every registered pattern is tried and the most specific match
     * is chosen with {@code PathPattern.SPECIFICITY_COMPARATOR}.
     */
    @Benchmark
    public Object springPathPatternScan() {
        PathContainer container = PathContainer.parsePath(path);
        Object[] best = null;
        for (Object[] route : springRoutes) {
            if (route[0] == HttpMethod.GET
                    && ((org.springframework.web.util.pattern.PathPattern) route[1]).matches(container)
                    && (best == null || org.springframework.web.util.pattern.PathPattern.SPECIFICITY_COMPARATOR
                    .compare((org.springframework.web.util.pattern.PathPattern) route[1],
                            (org.springframework.web.util.pattern.PathPattern) best[1]) < 0)) {
                best = route;
            }
        }
        return best == null ? null : best[2];
    }

    @Benchmark
    public Object regexScan() {
        for (Object[] route : regexRoutes) {
            if (route[0] == HttpMethod.GET && ((Pattern) route[1]).matcher(path).matches()) {
                return route[2];
            }
        }
        return null;
    }
}
