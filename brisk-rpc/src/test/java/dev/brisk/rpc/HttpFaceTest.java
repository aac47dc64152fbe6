package dev.brisk.rpc;

import dev.brisk.rpc.http.HttpProblem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The HTTP/JSON face as operators and HTTP clients meet it: exceptions mapped to statuses (the application's mapping,
 * then the defaults), bodies that are not JSON refused with 415, the catalog of services at {@code GET /rpc}, and h2c.
 */
class HttpFaceTest {

    /** A checked exception of the "not found" family. */
    public static final class OrderNotFoundException extends Exception {
        public OrderNotFoundException(String message) {
            super(message);
        }
    }

    /** A checked exception the application maps itself. */
    public static final class PaymentDeclinedException extends Exception {
        public PaymentDeclinedException(String message) {
            super(message);
        }
    }

    /** A checked exception nothing maps. */
    public static final class RefundRefusedException extends Exception {
        public RefundRefusedException(String message) {
            super(message);
        }
    }

    public enum Grade { A, B, @EnumFallback OTHER }

    public enum Carrier { POST, COURIER }

    public interface Orders {

        String rate(Grade grade);

        String ship(Carrier carrier);

        String find(String id) throws OrderNotFoundException;

        String pay(String id) throws PaymentDeclinedException;

        String refund(String id) throws RefundRefusedException;

        String cancel(String id);

        @Idempotent
        int add(int a, int b);

        int add(int a, int b, int c);

        String same(int value);

        String same(String value);

        CompletableFuture<List<String>> tags(long id);

        @Timeout(millis = 250)
        void audit(String event);
    }

    static final class OrdersImpl implements Orders {

        @Override
        public String rate(Grade grade) {
            return String.valueOf(grade);
        }

        @Override
        public String ship(Carrier carrier) {
            return String.valueOf(carrier);
        }

        @Override
        public String find(String id) throws OrderNotFoundException {
            if (id.equals("boom")) {
                throw new IllegalStateException("boom");
            }
            throw new OrderNotFoundException("no order " + id);
        }

        @Override
        public String pay(String id) throws PaymentDeclinedException {
            throw new PaymentDeclinedException("card of order " + id + " declined");
        }

        @Override
        public String refund(String id) throws RefundRefusedException {
            throw new RefundRefusedException("order " + id + " was never paid");
        }

        @Override
        public String cancel(String id) {
            throw new UnsupportedOperationException("orders cannot be cancelled yet");
        }

        @Override
        public int add(int a, int b) {
            return a + b;
        }

        @Override
        public int add(int a, int b, int c) {
            return a + b + c;
        }

        @Override
        public String same(int value) {
            return "int";
        }

        @Override
        public String same(String value) {
            return "string";
        }

        @Override
        public CompletableFuture<List<String>> tags(long id) {
            return CompletableFuture.completedFuture(List.of("a", "b"));
        }

        @Override
        public void audit(String event) {
        }
    }

    private static final String ORDERS = "/rpc/" + Orders.class.getName() + "/";
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private static RpcServer server;
    private static HttpClient http;

    @BeforeAll
    static void start() {
        server = RpcServer.builder().host("127.0.0.1").service(Orders.class, new OrdersImpl())
                .httpProblems(failure -> {
                    if (failure instanceof PaymentDeclinedException declined) {
                        return new HttpProblem(402, "https://shop.example/problems/declined", "Payment declined",
                                declined.getMessage());
                    }
                    if ("boom".equals(failure.getMessage())) {
                        throw new IllegalArgumentException("the mapping itself failed");
                    }
                    return null;
                })
                .http(true).start();
        http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).executor(TestThreads.EXECUTOR)
                .connectTimeout(Duration.ofSeconds(5)).build();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static HttpResponse<String> post(String path, String contentType, String body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
                .timeout(Duration.ofSeconds(10)).POST(HttpRequest.BodyPublishers.ofString(body));
        if (contentType != null) {
            request.header("content-type", contentType);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static HttpResponse<String> post(String path, String json) throws Exception {
        return post(path, "application/json", json);
    }

    @Test
    void theApplicationsMappingAnswersFirst() throws Exception {
        HttpResponse<String> declined = post(ORDERS + "pay", "[\"o-7\"]");
        assertThat(declined.statusCode()).isEqualTo(402);
        assertThat(declined.headers().firstValue("content-type")).hasValue("application/problem+json");
        JsonNode problem = JSON.readTree(declined.body());
        assertThat(problem.get("type").asString()).isEqualTo("https://shop.example/problems/declined");
        assertThat(problem.get("title").asString()).isEqualTo("Payment declined");
        assertThat(problem.get("status").asInt()).isEqualTo(402);
        assertThat(problem.get("detail").asString()).isEqualTo("card of order o-7 declined");
        assertThat(problem.get("exception").asString()).isEqualTo(PaymentDeclinedException.class.getName());
    }

    @Test
    void exceptionsTheMappingLeavesGetTheDefaults() throws Exception {
        HttpResponse<String> missing = post(ORDERS + "find", "\"o-1\"");
        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(missing.body()).contains("\"detail\":\"no order o-1\"", "\"title\":\"Not Found\"",
                OrderNotFoundException.class.getName());
        assertThat(post(ORDERS + "cancel", "\"o-1\"").statusCode()).isEqualTo(501);
        HttpResponse<String> refused = post(ORDERS + "refund", "\"o-1\"");
        assertThat(refused.statusCode()).isEqualTo(500);
        assertThat(refused.body()).contains("\"detail\":\"order o-1 was never paid\"");
    }

    @Test
    void aMappingThatFailsIsAnswered500() throws Exception {
        HttpResponse<String> response = post(ORDERS + "find", "\"boom\"");
        assertThat(response.statusCode()).isEqualTo(500);
        assertThat(response.body()).contains("the exception mapping failed", "the mapping itself failed");
    }

    @Test
    void bodiesThatAreNotJsonAre415() throws Exception {
        HttpResponse<String> text = post(ORDERS + "add", "text/plain", "[1,2]");
        assertThat(text.statusCode()).isEqualTo(415);
        assertThat(text.headers().firstValue("content-type")).hasValue("application/problem+json");
        assertThat(text.headers().firstValue("accept-post")).hasValue("application/json");
        assertThat(text.body()).contains("text/plain", "application/json");
        assertThat(post(ORDERS + "add", "application/x-www-form-urlencoded", "[1,2]").statusCode())
                .isEqualTo(415);
        assertThat(post(ORDERS + "add", "application/json; charset=utf-8", "[1,2]").body()).isEqualTo("3");
        assertThat(post(ORDERS + "add", "application/vnd.shop+json", "[1,2]").body()).isEqualTo("3");
        assertThat(post(ORDERS + "add", null, "[1,2]").body()).isEqualTo("3");
    }

    @Test
    void getRpcListsServicesMethodsAndSignatures() throws Exception {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + server.port() + "/rpc")).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("content-type")).hasValue("application/json");
        JsonNode services = JSON.readTree(response.body()).get("services");
        assertThat(services.size()).isEqualTo(1);
        JsonNode orders = services.get(0);
        assertThat(orders.get("name").asString()).isEqualTo(Orders.class.getName());
        List<String> signatures = new ArrayList<>();
        for (JsonNode method : orders.get("methods")) {
            signatures.add(method.get("signature").asString());
        }
        assertThat(signatures).containsExactlyInAnyOrder("find(java.lang.String)", "pay(java.lang.String)",
                "refund(java.lang.String)", "cancel(java.lang.String)", "add(int,int)", "add(int,int,int)",
                "same(int)", "same(java.lang.String)", "tags(long)", "audit(java.lang.String)",
                "rate(" + Grade.class.getName() + ")", "ship(" + Carrier.class.getName() + ")");

        JsonNode add = method(orders, "add(int,int)");
        assertThat(add.get("name").asString()).isEqualTo("add");
        assertThat(add.get("path").asString()).isEqualTo(ORDERS + "add");
        assertThat(add.get("parameters").get(0).get("type").asString()).isEqualTo("int");
        assertThat(add.get("returns").asString()).isEqualTo("int");
        assertThat(add.get("idempotent").asBoolean()).isTrue();
        assertThat(add.get("timeoutMillis").asLong()).isEqualTo(30_000);

        // overloads taking as many arguments are called by signature
        assertThat(method(orders, "same(int)").get("path").asString()).isEqualTo(ORDERS + "same(int)");
        JsonNode tags = method(orders, "tags(long)");
        assertThat(tags.get("returns").asString()).isEqualTo("java.util.List<java.lang.String>");
        assertThat(tags.get("async").asBoolean()).isTrue();
        assertThat(method(orders, "audit(java.lang.String)").get("timeoutMillis").asLong()).isEqualTo(250);

        // the path it gives calls the method
        assertThat(post(method(orders, "same(int)").get("path").asString(), "[1]").body()).isEqualTo("\"int\"");
    }

    @Test
    void enumConstantsTheServerLacksFollowTheSameRulesAsOverRpc() throws Exception {
        assertThat(post(ORDERS + "rate", "\"B\"").body()).isEqualTo("\"B\"");
        assertThat(post(ORDERS + "rate", "\"PLATINUM\"").body()).isEqualTo("\"OTHER\"");
        assertThat(post(ORDERS + "ship", "\"DRONE\"").statusCode()).isEqualTo(400);
        try (RpcServer lenient = RpcServer.builder().host("127.0.0.1").service(Orders.class, new OrdersImpl())
                .options(o -> o.unknownEnumConstants(UnknownEnumConstants.NULL)).http(true).start()) {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                    + lenient.port() + ORDERS + "ship")).header("content-type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString("\"DRONE\"")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(response.body()).isEqualTo("\"null\"");
        }
    }

    private static JsonNode method(JsonNode service, String signature) {
        for (JsonNode method : service.get("methods")) {
            if (method.get("signature").asString().equals(signature)) {
                return method;
            }
        }
        throw new AssertionError("no method " + signature);
    }

    /**
     * h2c by {@code Upgrade}: granted to a request without a body; a call, which has one, is answered over HTTP/1.1 on
     * that connection (RFC 9113 leaves the upgrade to the server, and deprecates it): prior knowledge carries calls.
     */
    @Test
    void h2cUpgradeIsGrantedToRequestsWithoutABody() throws Exception {
        String base = "http://127.0.0.1:" + server.port();
        assertThat(curl("--http2", base + "/rpc")).endsWith(" 2 200");
        assertThat(curl("--http2", "-X", "POST", "-H", "content-type: application/json", "--data", "[20,22]",
                base + ORDERS + "add")).isEqualTo("42 1.1 200");
        assertThat(curl("--http2-prior-knowledge", "-X", "POST", "-H", "content-type: application/json", "--data",
                "[20,22]", base + ORDERS + "add")).isEqualTo("42 2 200");
    }

    private static String curl(String... arguments) throws Exception {
        List<String> command = new ArrayList<>(List.of("curl", "-s", "-w", " %{http_version} %{http_code}"));
        command.addAll(List.of(arguments));
        Process curl = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(curl.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(curl.waitFor()).isZero();
        return out;
    }
}
