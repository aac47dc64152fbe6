package dev.brisk.spring.boot.collapse;

import dev.brisk.collapse.HttpCollapseOptions;
import dev.brisk.collapse.rest.RouteCollapsing;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.BooleanSupplier;

import dev.brisk.client.BriskClient;
import dev.brisk.collapse.client.CollapsingInterceptor;
import dev.brisk.collapse.spring.CollapsingExchangeFilter;
import dev.brisk.collapse.spring.CollapsingRequestInterceptor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.springframework.boot.restclient.RestTemplateBuilder;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestTemplate;
import org.springframework.web.reactive.function.client.WebClient;
import java.util.concurrent.TimeUnit;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@code brisk.collapse.*} on a real server: concurrent identical GETs sent with the JDK HTTP client. */
class CollapsePropertiesTest {

    private static final int CONCURRENT = 6;
    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    private static ConfigurableApplicationContext run(String... properties) {
        return start("warn", properties);
    }

    private static ConfigurableApplicationContext start(String logLevel, String... properties) {
        List<String> args = new ArrayList<>(List.of("--server.port=0", "--logging.level.root=" + logLevel,
                "--brisk.worker.threads=" + (CONCURRENT + 2)));
        for (String property : properties) {
            args.add("--" + property); // command line arguments win over the test application.properties
        }
        return new SpringApplicationBuilder(CollapseApplication.class).run(args.toArray(String[]::new));
    }

    /** Sends {@link #CONCURRENT} GETs of {@code path} at once, lets the handlers go once {@code ready} holds. */
    private static List<HttpResponse<String>> concurrentGets(ConfigurableApplicationContext context, String path,
                                                             BooleanSupplier ready) throws Exception {
        int port = ((WebServerApplicationContext) context).getWebServer().getPort();
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(30)).build();
        List<CompletableFuture<HttpResponse<String>>> responses = new ArrayList<>();
        for (int i = 0; i < CONCURRENT; i++) {
            responses.add(CLIENT.sendAsync(request, HttpResponse.BodyHandlers.ofString()));
        }
        await(ready);
        context.getBean(CollapseApplication.Gate.class).open.countDown();
        List<HttpResponse<String>> done = new ArrayList<>();
        for (CompletableFuture<HttpResponse<String>> response : responses) {
            done.add(response.get());
        }
        return done;
    }

    /** Every request of a collapsed route has joined the shared handler run. */
    private static BooleanSupplier allJoined(ConfigurableApplicationContext context) {
        RouteCollapsing collapsing = context.getBean(RouteCollapsing.class);
        return () -> collapsing.stats().callers() == CONCURRENT;
    }

    private static int invocations(ConfigurableApplicationContext context) {
        return context.getBean(CollapseApplication.Gate.class).invocations.get();
    }

    @Test
    void concurrentGetsOfAnAnnotatedRouteRunItsHandlerOnce() throws Exception {
        try (ConfigurableApplicationContext context = run()) {
            List<HttpResponse<String>> responses = concurrentGets(context, "/quotes/ACME", allJoined(context));
            assertThat(invocations(context)).isEqualTo(1);
            assertThat(responses).allSatisfy(response -> {
                assertThat(response.statusCode()).isEqualTo(200);
                assertThat(response.body()).isEqualTo("quote ACME #1");
            });
            // measured in the application's registry
            DistributionSummary callers = context.getBean(MeterRegistry.class).get("brisk.collapse.callers")
                    .tag("collapser", "routes").summary();
            assertThat(callers.count()).isEqualTo(1);
            assertThat(callers.totalAmount()).isEqualTo(CONCURRENT);
        }
    }

    @Test
    void aRouteListedInThePropertiesIsCollapsedWithoutTheAnnotation() throws Exception {
        try (ConfigurableApplicationContext context = run("brisk.collapse.routes=/listed/{symbol}")) {
            List<HttpResponse<String>> responses = concurrentGets(context, "/listed/ACME", allJoined(context));
            assertThat(invocations(context)).isEqualTo(1);
            assertThat(responses).extracting(HttpResponse::body).containsOnly("listed ACME #1");
        }
    }

    @Test
    void anUnlistedRouteIsNotCollapsed() throws Exception {
        try (ConfigurableApplicationContext context = run()) {
            List<HttpResponse<String>> responses = concurrentGets(context, "/listed/ACME",
                    () -> invocations(context) == CONCURRENT);
            assertThat(responses).extracting(HttpResponse::statusCode).containsOnly(200);
            assertThat(responses).extracting(HttpResponse::body).doesNotHaveDuplicates();
        }
    }

    @Test
    void disabledMeansNoInterceptorAndEveryRequestRunsTheHandler() throws Exception {
        try (ConfigurableApplicationContext context = run("brisk.collapse.enabled=false")) {
            assertThat(context.getBeanProvider(RouteCollapsing.class).getIfAvailable()).isNull();
            List<HttpResponse<String>> responses = concurrentGets(context, "/quotes/ACME",
                    () -> invocations(context) == CONCURRENT);
            assertThat(invocations(context)).isEqualTo(CONCURRENT);
            assertThat(responses).extracting(HttpResponse::statusCode).containsOnly(200);
            assertThat(responses).extracting(HttpResponse::body).doesNotHaveDuplicates();
        }
    }

    @Test
    void propertiesReachTheOptions() {
        try (ConfigurableApplicationContext context = run("brisk.collapse.key-headers=Authorization,Accept",
                "brisk.collapse.additional-key-headers=X-Tenant", "brisk.collapse.timeout=5s",
                "brisk.collapse.max-in-flight=100", "brisk.collapse.max-response-size=1MB")) {
            HttpCollapseOptions options = context.getBean(RouteCollapsing.class).options();
            assertThat(options.keyHeaders()).containsExactly("authorization", "accept", "x-tenant");
            assertThat(options.singleFlight().timeout()).isEqualTo(Duration.ofSeconds(5));
            assertThat(options.singleFlight().maxInFlight()).isEqualTo(100);
            assertThat(options.maxResponseSize()).isEqualTo(1024 * 1024);
        }
    }

    @Test
    @org.junit.jupiter.api.extension.ExtendWith(OutputCaptureExtension.class)
    void aListedRouteThatMatchesNoGetRouteIsWarnedAbout(CapturedOutput output) {
        try (ConfigurableApplicationContext context = run("brisk.collapse.routes=/listed/{symbol},/listed/{ticker}")) {
            assertThat(context.getBean(RouteCollapsing.class).unmatchedRoutes()).containsExactly("/listed/{ticker}");
            assertThat(output.getAll()).contains("brisk.collapse.routes: '/listed/{ticker}' matches no GET route")
                    .doesNotContain("'/listed/{symbol}' matches no GET route");
        }
    }

    @Test
    void additionalKeyHeadersKeepTheDefaults() {
        try (ConfigurableApplicationContext context = run("brisk.collapse.additional-key-headers=X-Tenant")) {
            assertThat(context.getBean(RouteCollapsing.class).options().keyHeaders())
                    .containsAll(HttpCollapseOptions.DEFAULT_KEY_HEADERS).contains("x-tenant");
        }
    }

    @Test
    void anOutOfRangeValueFailsStartUpNamingTheProperty() {
        assertThatThrownBy(() -> start("off", "brisk.collapse.timeout=-1s").close())
                .rootCause().hasMessageContaining("brisk.collapse.timeout").hasMessageContaining("-1S");
        assertThatThrownBy(() -> start("off", "brisk.collapse.max-in-flight=0").close())
                .rootCause().hasMessageContaining("brisk.collapse.max-in-flight").hasMessageContaining("0");
        assertThatThrownBy(() -> start("off", "brisk.collapse.additional-key-headers=Bad Header").close())
                .rootCause().hasMessageContaining("brisk.collapse.additional-key-headers")
                .hasMessageContaining("'Bad Header'");
    }

    /** Waits up to 30 s for {@code condition}. */
    @Test
    void theClientCollapserBeanCollapsesTheApplicationsOwnClientCalls() throws Exception {
        try (ConfigurableApplicationContext context = run("brisk.collapse.timeout=1s",
                "brisk.collapse.client.timeout=20s")) {
            CollapsingInterceptor collapsing =
                    context.getBean(CollapsingInterceptor.class);
            // the server's timeout is the server's: the client's collapser has its own
            assertThat(collapsing.options().singleFlight().timeout()).isEqualTo(Duration.ofSeconds(20));
            assertThat(context.getBean(RouteCollapsing.class).options().singleFlight().timeout())
                    .isEqualTo(Duration.ofSeconds(1));
            int port = ((WebServerApplicationContext) context).getWebServer().getPort();
            try (BriskClient client = BriskClient.builder()
                    .interceptor(collapsing).build()) {
                List<CompletableFuture<dev.brisk.client.HttpResponse>> calls = new ArrayList<>();
                for (int i = 0; i < CONCURRENT; i++) {
                    // not collapsed by the server: every request that reaches it runs the handler
                    calls.add(client.get("http://127.0.0.1:" + port + "/listed/ACME").execute()
                            .toCompletableFuture());
                }
                await(() -> collapsing.stats().callers() == CONCURRENT);
                context.getBean(CollapseApplication.Gate.class).open.countDown();
                for (CompletableFuture<dev.brisk.client.HttpResponse> call : calls) {
                    assertThat(call.get(30, TimeUnit.SECONDS).bodyAsString())
                            .isEqualTo("listed ACME #1");
                }
            }
            assertThat(invocations(context)).isEqualTo(1);
        }
    }

    @Test
    void theClientCollapserCanBeSwitchedOff() {
        try (ConfigurableApplicationContext context = run("brisk.collapse.client.enabled=false")) {
            assertThat(context.getBeanProvider(CollapsingInterceptor.class)
                    .getIfAvailable()).isNull();
            assertThat(context.getBean(RouteCollapsing.class)).isNotNull();
        }
    }

    @Test
    void theSpringClientCollapsersAreAddedToTheBuildersBootMakesWhenAsked() throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(CONCURRENT);
        try (ConfigurableApplicationContext context = run("brisk.collapse.client.rest-client.enabled=true",
                "brisk.collapse.client.rest-template.enabled=true", "brisk.collapse.client.web-client.enabled=true")) {
            String url = "http://127.0.0.1:" + ((WebServerApplicationContext) context).getWebServer().getPort()
                    + "/listed/ACME"; // not collapsed by the server: every request that reaches it runs the handler
            RestClient restClient = context.getBean(RestClient.Builder.class).build();
            RestTemplate restTemplate = context.getBean(RestTemplateBuilder.class).build();
            WebClient webClient = context.getBean(WebClient.Builder.class).build();
            List<Future<String>> blocking = new ArrayList<>();
            List<CompletableFuture<String>> reactive = new ArrayList<>();
            for (int i = 0; i < CONCURRENT / 2; i++) {
                blocking.add(threads.submit(() -> restClient.get().uri(url).retrieve().body(String.class)));
            }
            for (int i = 0; i < CONCURRENT / 2; i++) {
                blocking.add(threads.submit(() -> restTemplate.getForObject(url, String.class)));
            }
            for (int i = 0; i < CONCURRENT; i++) {
                reactive.add(webClient.get().uri(url).retrieve().bodyToMono(String.class).toFuture());
            }
            CollapsingRequestInterceptor interceptor = context.getBean(CollapsingRequestInterceptor.class);
            CollapsingExchangeFilter filter = context.getBean(CollapsingExchangeFilter.class);
            await(() -> interceptor.stats().callers() == CONCURRENT && filter.stats().callers() == CONCURRENT);
            context.getBean(CollapseApplication.Gate.class).open.countDown();

            List<String> answers = new ArrayList<>();
            for (Future<String> call : blocking) {
                answers.add(call.get(30, TimeUnit.SECONDS));
            }
            for (CompletableFuture<String> call : reactive) {
                answers.add(call.get(30, TimeUnit.SECONDS));
            }
            // one handler run per client kind: RestClient and RestTemplate share the interceptor, but ask with other
            // Accept headers (a key header), so their requests have keys of their own
            assertThat(invocations(context)).isEqualTo(3);
            assertThat(answers.subList(0, CONCURRENT / 2)).containsOnly(answers.get(0));
            assertThat(answers.subList(CONCURRENT / 2, CONCURRENT)).containsOnly(answers.get(CONCURRENT / 2));
            assertThat(answers.subList(CONCURRENT, 2 * CONCURRENT)).containsOnly(answers.get(CONCURRENT));
            assertThat(answers).containsOnly("listed ACME #1", "listed ACME #2", "listed ACME #3");
            assertThat(context.getBean(MeterRegistry.class).get("brisk.collapse.callers")
                    .tag("collapser", "spring-client").summary().totalAmount()).isEqualTo(CONCURRENT);
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void theSpringClientCollapsersAreNotAddedToBootsBuildersUnlessAsked() {
        try (ConfigurableApplicationContext context = run()) {
            CollapsingRequestInterceptor interceptor = context.getBean(CollapsingRequestInterceptor.class);
            RestTemplate restTemplate = context.getBean(RestTemplateBuilder.class).build();
            assertThat(restTemplate.getInterceptors()).doesNotContain(interceptor);
            assertThat(context.getBean(CollapsingExchangeFilter.class).options().singleFlight().timeout())
                    .isEqualTo(interceptor.options().singleFlight().timeout());
        }
    }

    private static void await(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime()).as("condition reached in time").isLessThan(deadline);
            Thread.sleep(10);
        }
    }
}
