package dev.brisk.rpc;

import dev.brisk.rest.Brisk;
import dev.brisk.rpc.http.HttpJson;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The services of an RPC server over HTTP/JSON on the RPC port itself: JDK HttpClient and curl (HTTP/1.1, h2c by
 * prior knowledge) and RPC clients on the same port at the same time; overloads, asynchronous methods, failures.
 */
class HttpJsonEndpointTest {

    private static final String SHOP = "/rpc/" + ShopService.class.getName() + "/";

    private static ShopServiceImpl shop;
    private static RpcServer server;
    private static RpcClient rpc;
    private static HttpClient http;

    @BeforeAll
    static void start() {
        shop = new ShopServiceImpl();
        server = RpcServer.builder().host("127.0.0.1").port(0).service(ShopService.class, shop)
                .service(SlowService.class, new SlowServiceImpl("io"), Dispatch.IO).http(true).start();
        rpc = RpcClient.builder().addresses("127.0.0.1:" + server.port()).build();
        http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).executor(TestThreads.EXECUTOR)
                .connectTimeout(Duration.ofSeconds(5)).build();
    }

    @AfterAll
    static void stop() {
        rpc.close();
        server.close();
    }

    private static HttpResponse<String> post(String path, String json) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
                .timeout(Duration.ofSeconds(10)).header("content-type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)).build();
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void rpcAndHttpClientsShareThePortAtTheSameTime() throws Exception {
        ShopService proxy = rpc.proxy(ShopService.class);
        List<Future<Integer>> calls = new ArrayList<>();
        for (int t = 0; t < 8; t++) {
            int base = t * 1000;
            boolean overHttp = t % 2 == 0;
            calls.add(TestThreads.EXECUTOR.submit(() -> {
                int sum = 0;
                for (int i = 0; i < 40; i++) {
                    int result;
                    if (overHttp) {
                        HttpResponse<String> response = post(SHOP + "add", "[" + base + "," + i + "]");
                        assertThat(response.statusCode()).isEqualTo(200);
                        result = Integer.parseInt(response.body());
                    } else {
                        result = proxy.add(base, i);
                    }
                    assertThat(result).isEqualTo(base + i);
                    sum += result;
                }
                return sum;
            }));
        }
        for (int t = 0; t < calls.size(); t++) {
            assertThat(calls.get(t).get()).isEqualTo(40 * t * 1000 + 780);
        }
        assertThat(proxy.greet("rpc")).isEqualTo("hello rpc");
    }

    @Test
    void argumentsAndResultsAreJson() throws Exception {
        assertThat(post(SHOP + "add", "[2,3]").body()).isEqualTo("5");
        assertThat(post(SHOP + "add", "[1,2,3]").body()).isEqualTo("6");          // the overload by argument count
        assertThat(post(SHOP + "greet", "[\"ann\"]").body()).isEqualTo("\"hello ann\"");
        assertThat(post(SHOP + "greet", "\"bob\"").body()).isEqualTo("\"hello bob\"");   // one parameter, bare
        HttpResponse<String> restocked = post(SHOP + "restock", "{\"name\":\"pen\",\"quantity\":1,\"tags\":[\"a\"]}");
        assertThat(restocked.statusCode()).isEqualTo(200);
        assertThat(restocked.headers().firstValue("content-type")).hasValue("application/json");
        assertThat(restocked.body()).isEqualTo("{\"name\":\"pen\",\"quantity\":11,\"tags\":[\"a\"]}");
        assertThat(post(SHOP + "items", "[2]").body()).isEqualTo(
                "[{\"name\":\"item0\",\"quantity\":0,\"tags\":[\"t0\"]},{\"name\":\"item1\",\"quantity\":1,\"tags\":[\"t1\"]}]");
        String signature = URLEncoder.encode("same(java.lang.String)", StandardCharsets.UTF_8);
        assertThat(post(SHOP + signature, "[\"x\"]").body()).isEqualTo("\"string x\"");
        assertThat(post(SHOP + URLEncoder.encode("same(int)", StandardCharsets.UTF_8), "[4]").body())
                .isEqualTo("\"int 4\"");

        int before = shop.touched.get();
        HttpResponse<String> touched = post(SHOP + "touch", "");
        assertThat(touched.statusCode()).isEqualTo(204);
        assertThat(shop.touched.get()).isEqualTo(before + 1);
    }

    @Test
    void asynchronousMethodsAnswerWhenTheirFutureCompletes() throws Exception {
        assertThat(post(SHOP + "later", "[\"x\"]").body()).isEqualTo("\"later x\"");
        HttpResponse<String> failed = post(SHOP + "laterFailing", "[\"y\"]");
        assertThat(failed.statusCode()).isEqualTo(409);
        assertThat(failed.body()).contains("\"exception\":\"java.lang.IllegalStateException\"")
                .contains("\"detail\":\"not now: y\"");
    }

    @Test
    void serviceExceptionsBecomeProblems() throws Exception {
        HttpResponse<String> argument = post(SHOP + "fail", "[\"argument\"]");
        assertThat(argument.statusCode()).isEqualTo(400);
        assertThat(argument.headers().firstValue("content-type")).hasValue("application/problem+json");
        assertThat(argument.body()).contains("\"status\":400", "\"detail\":\"bad argument\"",
                "\"exception\":\"java.lang.IllegalArgumentException\"");
        HttpResponse<String> missing = post(SHOP + "fail", "[\"missing\"]");
        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(missing.body()).contains("java.util.NoSuchElementException");
        HttpResponse<String> stock = post(SHOP + "fail", "[\"stock\"]");
        assertThat(stock.statusCode()).isEqualTo(500);
        assertThat(stock.body()).contains("\"exception\":\"" + Model.OutOfStockException.class.getName() + "\"",
                "\"detail\":\"sold out\"");
    }

    @Test
    void unknownNamesAre404AndUnreadableArguments400() throws Exception {
        HttpResponse<String> service = post("/rpc/no.Such/add", "[1,2]");
        assertThat(service.statusCode()).isEqualTo(404);
        assertThat(service.body()).contains("no service no.Such");
        assertThat(post(SHOP + "subtract", "[1,2]").statusCode()).isEqualTo(404);
        HttpResponse<String> badJson = post(SHOP + "add", "[1,");
        assertThat(badJson.statusCode()).isEqualTo(400);
        assertThat(badJson.body()).contains("not JSON");
        assertThat(post(SHOP + "add", "[\"one\",\"two\"]").statusCode()).isEqualTo(400);
        HttpResponse<String> arity = post(SHOP + "add", "[1]");
        assertThat(arity.statusCode()).isEqualTo(400);
        assertThat(arity.body()).contains("no method add takes 1 arguments");
        HttpResponse<String> ambiguous = post(SHOP + "same", "[1]");
        assertThat(ambiguous.statusCode()).isEqualTo(400);
        assertThat(ambiguous.body()).contains("several methods same take 1 arguments");
        assertThat(post("/elsewhere", "[]").statusCode()).isEqualTo(404);
    }

    @Test
    void methodsRunWhereTheirRpcCallsRun() throws Exception {
        assertThat(post(SHOP + "thread", "[]").body()).startsWith("\"brisk-rpc-worker");
        assertThat(rpc.proxy(ShopService.class).thread()).startsWith("brisk-rpc-worker");
        assertThat(post("/rpc/" + SlowService.class.getName() + "/thread", "[]").body())
                .startsWith("\"brisk-rpc-io");
    }

    @Test
    void theMethodsTimeLimitApplies() throws Exception {
        HttpResponse<String> response = post(SHOP + "sleep", "[5000]");
        assertThat(response.statusCode()).isEqualTo(504);
        assertThat(response.body()).contains("300 ms");
    }

    @Test
    void theApplicationsRestBuilderServesThePortWithItsRoutesAndLimits() throws Exception {
        try (RpcServer own = RpcServer.builder().host("127.0.0.1").service(ShopService.class, shop)
                .http(HttpJson.over(Brisk.server().get("/health", ctx -> ctx.send("ok"))
                        .http(h -> h.options(o -> o.limits(l -> l.maxBodySize(64))))))
                .start();
             RpcClient client = RpcClient.builder().addresses("127.0.0.1:" + own.port()).build()) {
            String base = "http://127.0.0.1:" + own.port();
            HttpResponse<String> health = http.send(HttpRequest.newBuilder(URI.create(base + "/health"))
                    .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(health.statusCode()).isEqualTo(200);
            assertThat(health.body()).isEqualTo("ok");
            HttpRequest.Builder add = HttpRequest.newBuilder(URI.create(base + SHOP + "add"))
                    .timeout(Duration.ofSeconds(10)).header("content-type", "application/json");
            HttpResponse<String> sum = http.send(add.POST(HttpRequest.BodyPublishers.ofString("[40,2]")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(sum.body()).isEqualTo("42");
            HttpResponse<String> large = http.send(add.POST(HttpRequest.BodyPublishers.ofString(
                    "[1," + "0".repeat(100) + "]")).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(large.statusCode()).isEqualTo(413);
            assertThat(client.proxy(ShopService.class).add(1, 2)).isEqualTo(3);
        }
    }

    @Test
    void h2cByPriorKnowledge() throws Exception {
        Process curl = new ProcessBuilder("curl", "-s", "--http2-prior-knowledge", "-X", "POST",
                "-H", "content-type: application/json", "--data", "[20,22]", "-w", " %{http_version} %{http_code}",
                "http://127.0.0.1:" + server.port() + SHOP + "add").redirectErrorStream(true).start();
        String out = new String(curl.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(curl.waitFor()).isZero();
        assertThat(out).isEqualTo("42 2 200");
    }
}
