package dev.brisk.examples.demo;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** The demo started on free ports and driven over HTTP as a user would, through every part of the stack. */
class BookshopEndToEndTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String PROBLEM = "application/problem+json";

    private static Bookshop shop;
    private static HttpClient http;

    @BeforeAll
    static void start() {
        shop = Bookshop.start(new DemoSettings(0, Optional.empty()));
        http = HttpClient.newHttpClient();
    }

    @AfterAll
    static void stop() {
        shop.close();
    }

    @Test
    void listsTheBooksWithPricesFromThePricingServiceAndStockFromTheWarehouse() throws Exception {
        HttpResponse<String> response = get("/api/books");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("content-type")).hasValueSatisfying(
                type -> assertThat(type).startsWith("application/json"));
        JsonNode books = JSON.readTree(response.body());
        assertThat(books.size()).isGreaterThanOrEqualTo(6);
        JsonNode first = books.get(0);
        assertThat(first.get("title").asString()).isEqualTo("Frankenstein");
        assertThat(first.get("price").decimalValue()).isEqualByComparingTo("9.90");  // over HTTP from the pricing service
        assertThat(first.get("currency").asString()).isEqualTo("EUR");
        assertThat(first.get("inStock").asInt()).isGreaterThan(0);                    // over RPC from the warehouse
        JsonNode timeMachine = books.get(4);
        assertThat(timeMachine.get("title").asString()).isEqualTo("The Time Machine");
        assertThat(timeMachine.get("inStock").asInt()).isZero();
    }

    @Test
    void readsOneBook() throws Exception {
        HttpResponse<String> response = get("/api/books/2");

        assertThat(response.statusCode()).isEqualTo(200);
        JsonNode book = JSON.readTree(response.body());
        assertThat(book.get("title").asString()).isEqualTo("Pride and Prejudice");
        assertThat(book.get("author").asString()).isEqualTo("Jane Austen");
        assertThat(book.get("price").decimalValue()).isEqualByComparingTo("8.50");
        assertThat(book.get("inStock").asInt()).isEqualTo(7);
    }

    @Test
    void unknownBookIsA404Problem() throws Exception {
        HttpResponse<String> response = get("/api/books/999");

        assertProblem(response, 404, "no book with id 999");
    }

    @Test
    void addsABookWithItsPriceAndCopies() throws Exception {
        HttpResponse<String> created = post("/api/books",
                "{\"title\":\"Northanger Abbey\",\"author\":\"Jane Austen\",\"year\":1817,\"price\":7.25,\"copies\":4}");

        assertThat(created.statusCode()).isEqualTo(201);
        String location = created.headers().firstValue("location").orElseThrow();
        assertThat(location).matches(".*/api/books/\\d+");
        JsonNode book = JSON.readTree(get(URI.create(location).getPath()).body());
        assertThat(book.get("title").asString()).isEqualTo("Northanger Abbey");
        assertThat(book.get("price").decimalValue()).isEqualByComparingTo("7.25");
        assertThat(book.get("inStock").asInt()).isEqualTo(4);
    }

    @Test
    void invalidBookIsA400ProblemNamingTheFields() throws Exception {
        HttpResponse<String> response = post("/api/books",
                "{\"title\":\" \",\"author\":\"Anon\",\"year\":1817,\"price\":-1,\"copies\":4}");

        JsonNode problem = assertProblem(response, 400, null);
        assertThat(fields(problem)).contains("title", "price");
    }

    @Test
    void placesAnOrderAndTakesTheCopiesFromTheWarehouse() throws Exception {
        int before = JSON.readTree(get("/api/books/6").body()).get("inStock").asInt();

        HttpResponse<String> created = post("/api/orders", "{\"bookId\":6,\"quantity\":2,\"customer\":\"Ada\"}");

        assertThat(created.statusCode()).isEqualTo(201);
        String location = created.headers().firstValue("location").orElseThrow();
        assertThat(location).matches(".*/api/orders/\\d+");
        JsonNode order = JSON.readTree(get(URI.create(location).getPath()).body());
        assertThat(order.get("title").asString()).isEqualTo("Dracula");
        assertThat(order.get("quantity").asInt()).isEqualTo(2);
        assertThat(order.get("total").decimalValue()).isEqualByComparingTo("20.80");
        assertThat(order.get("customer").asString()).isEqualTo("Ada");
        assertThat(JSON.readTree(get("/api/books/6").body()).get("inStock").asInt()).isEqualTo(before - 2);
        assertThat(JSON.readTree(get("/api/orders").body()).findValuesAsString("title")).contains("Dracula");
    }

    @Test
    void unknownOrderIsA404Problem() throws Exception {
        assertProblem(get("/api/orders/999"), 404, "no order with id 999");
    }

    @Test
    void invalidOrderIsA400ProblemNamingTheFields() throws Exception {
        HttpResponse<String> response = post("/api/orders", "{\"bookId\":1,\"quantity\":0,\"customer\":\"\"}");

        JsonNode problem = assertProblem(response, 400, null);
        assertThat(String.join(" ", fields(problem))).contains("quantity", "customer");
    }

    @Test
    void orderOfAnUnknownBookIsA400Problem() throws Exception {
        assertProblem(post("/api/orders", "{\"bookId\":999,\"quantity\":1,\"customer\":\"Ada\"}"), 400,
                "no book with id 999");
    }

    @Test
    void orderBeyondTheStockIsA409Problem() throws Exception {
        assertProblem(post("/api/orders", "{\"bookId\":5,\"quantity\":1,\"customer\":\"Ada\"}"), 409,
                "only 0 copies of 'The Time Machine' left, 1 ordered");
    }

    @Test
    void concurrentPriceLookupsTakeFewCalls() throws Exception {
        HttpResponse<String> response = get("/api/prices/burst?lookups=60");

        assertThat(response.statusCode()).isEqualTo(200);
        JsonNode burst = JSON.readTree(response.body());
        assertThat(burst.get("lookups").asInt()).isEqualTo(60);
        assertThat(burst.get("pricingCalls").asLong()).isBetween(1L, 30L);

        JsonNode stats = JSON.readTree(get("/api/stats").body());
        assertThat(stats.get("priceLookups").asLong()).isGreaterThanOrEqualTo(60);
        assertThat(stats.get("pricingCalls").asLong()).isLessThan(stats.get("priceLookups").asLong());
        assertThat(stats.get("stockRpcCalls").asLong()).isPositive();
    }

    @Test
    void badBurstIsA400Problem() throws Exception {
        assertProblem(get("/api/prices/burst?lookups=lots"), 400, "lookups must be a number from 1 to 1000: lots");
    }

    @Test
    void metricsHealthAndOpenApiAnswer() throws Exception {
        get("/api/books");
        HttpResponse<String> metrics = get("/metrics");
        assertThat(metrics.statusCode()).isEqualTo(200);
        assertThat(metrics.body()).contains("http_server_requests_seconds_count", "uri=\"/api/books\"",
                "brisk_collapse_callers", "brisk_client_requests");

        assertThat(get("/health/live").statusCode()).isEqualTo(200);
        HttpResponse<String> ready = get("/health/ready");
        assertThat(ready.statusCode()).isEqualTo(200);
        JsonNode checks = JSON.readTree(ready.body()).get("checks");
        assertThat(checks.get("stock").get("status").asString()).isEqualTo("UP");
        assertThat(checks.get("pricing").get("status").asString()).isEqualTo("UP");

        HttpResponse<String> openApi = get("/openapi.json");
        assertThat(openApi.statusCode()).isEqualTo(200);
        JsonNode paths = JSON.readTree(openApi.body()).get("paths");
        assertThat(paths.has("/api/books")).isTrue();
        assertThat(paths.has("/api/books/{id}")).isTrue();
        assertThat(paths.has("/api/orders")).isTrue();
        assertThat(get("/openapi.yaml").statusCode()).isEqualTo(200);
    }

    @Test
    void servesThePage() throws Exception {
        HttpResponse<String> page = get("/");
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.headers().firstValue("content-type")).hasValueSatisfying(
                type -> assertThat(type).startsWith("text/html"));
        assertThat(page.body()).contains("<title>Brisk Bookshop</title>", "app.js");
        assertThat(get("/app.js").statusCode()).isEqualTo(200);
        assertThat(get("/app.css").statusCode()).isEqualTo(200);
    }

    private static JsonNode assertProblem(HttpResponse<String> response, int status, String detail) {
        assertThat(response.statusCode()).isEqualTo(status);
        assertThat(response.headers().firstValue("content-type")).hasValueSatisfying(
                type -> assertThat(type).startsWith(PROBLEM));
        JsonNode problem = JSON.readTree(response.body());
        assertThat(problem.get("status").asInt()).isEqualTo(status);
        assertThat(problem.has("title")).isTrue();
        if (detail != null) {
            assertThat(problem.get("detail").asString()).isEqualTo(detail);
        }
        return problem;
    }

    private static List<String> fields(JsonNode problem) {
        List<String> fields = new ArrayList<>();
        for (JsonNode error : problem.get("errors")) {
            fields.add(error.get("field").asString());
        }
        return fields;
    }

    private static HttpResponse<String> get(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(uri(path)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static HttpResponse<String> post(String path, String json) throws Exception {
        return http.send(HttpRequest.newBuilder(uri(path)).header("content-type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static URI uri(String path) {
        return URI.create("http://127.0.0.1:" + shop.port() + path);
    }
}
