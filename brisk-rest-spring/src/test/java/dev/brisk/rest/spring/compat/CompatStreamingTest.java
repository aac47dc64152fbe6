package dev.brisk.rest.spring.compat;

import dev.brisk.test.BriskServerExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sample shop's streamed responses over real sockets: the CSV export ({@code StreamingResponseBody}) reaches the
 * client page by page while the catalog is still being read, and order progress ({@code SseEmitter}) arrives as
 * Server-Sent Events sent from the tracker's own thread.
 */
class CompatStreamingTest {

    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    /** The second page of the catalog loads only once the test has seen the first one. */
    private static final CountDownLatch SECOND_PAGE = new CountDownLatch(1);
    private static final CountDownLatch SECOND_PAGE_ASKED = new CountDownLatch(1);

    @RegisterExtension
    static final BriskServerExtension SERVER = BriskServerExtension.of(() -> CompatApplication.server(
            new ProductCatalog(page -> switch (page) {
                case 0 -> List.of(new Product(1, "Teapot", new BigDecimal("24.90")),
                        new Product(2, "Mug", new BigDecimal("7.50")));
                case 1 -> {
                    SECOND_PAGE_ASKED.countDown();
                    SECOND_PAGE.await();
                    yield List.of(new Product(3, "Kettle", new BigDecimal("39.00")));
                }
                default -> List.of();
            })));

    private static HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + SERVER.server().port() + path))
                .timeout(Duration.ofSeconds(10));
    }

    @Test
    @Timeout(30) // a body held back until the handler ends would block the first readLine
    void csvExportReachesTheClientWhileTheCatalogIsStillRead() throws Exception {
        HttpResponse<InputStream> response = CLIENT.send(request("/products/export.csv").build(),
                HttpResponse.BodyHandlers.ofInputStream());
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("content-type")).hasValue("text/csv");
        assertThat(response.headers().firstValue("content-disposition"))
                .hasValue("attachment; filename=\"products.csv\"");
        assertThat(response.headers().firstValue("content-length")).isEmpty();
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(response.body(),
                StandardCharsets.UTF_8))) {
            assertThat(lines.readLine()).isEqualTo("id,name,price");
            assertThat(lines.readLine()).isEqualTo("1,Teapot,24.90");
            assertThat(lines.readLine()).isEqualTo("2,Mug,7.50");
            // the first page arrived while the handler is still waiting for the second
            assertThat(SECOND_PAGE_ASKED.await(10, TimeUnit.SECONDS)).isTrue();
            assertThat(SECOND_PAGE.getCount()).isEqualTo(1);
            SECOND_PAGE.countDown();
            assertThat(lines.readLine()).isEqualTo("3,Kettle,39.00");
            assertThat(lines.readLine()).isNull();
        }
    }

    @Test
    @Timeout(30)
    void orderProgressArrivesAsServerSentEventsFromAnotherThread() throws Exception {
        HttpResponse<String> placed = CLIENT.send(request("/orders").header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"customerId\":1,\"item\":\"tea\",\"quantity\":2}"))
                .build(), HttpResponse.BodyHandlers.ofString());
        assertThat(placed.statusCode()).isEqualTo(201);
        Matcher id = Pattern.compile("\"id\":(\\d+)").matcher(placed.body());
        assertThat(id.find()).isTrue();
        String order = id.group(1);

        HttpResponse<InputStream> stream = CLIENT.send(request("/orders/" + order + "/progress")
                .header("Accept", "text/event-stream").build(), HttpResponse.BodyHandlers.ofInputStream());
        assertThat(stream.statusCode()).isEqualTo(200);
        assertThat(stream.headers().firstValue("content-type")).hasValue("text/event-stream");
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(stream.body(), StandardCharsets.UTF_8))) {
            assertThat(event(lines)).containsExactly(":tracking order " + order, "id: 1", "event: status",
                    "retry: 5000", "data: {\"orderId\":" + order + ",\"status\":\"placed\"}");
            assertThat(get("/orders/" + order + "/watchers")).isEqualTo("1");

            HttpResponse<String> shipped = CLIENT.send(request("/orders/" + order + "/shipments")
                    .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(shipped.statusCode()).isEqualTo(202);

            assertThat(event(lines)).containsExactly("id: 2", "event: status",
                    "data: {\"orderId\":" + order + ",\"status\":\"shipped\"}");
            assertThat(event(lines)).containsExactly("event: note", "data: left the warehouse",
                    "data: expected tomorrow");
            assertThat(lines.readLine()).as("the emitter completed the stream").isNull();
        }
        // onCompletion took the emitter out of the tracker
        for (int i = 0; i < 100 && !get("/orders/" + order + "/watchers").equals("0"); i++) {
            Thread.sleep(50);
        }
        assertThat(get("/orders/" + order + "/watchers")).isEqualTo("0");
    }

    /** The lines of the next event, without the empty line that ends it. */
    private static List<String> event(BufferedReader lines) throws Exception {
        List<String> event = new ArrayList<>();
        for (String line = lines.readLine(); line != null && !line.isEmpty(); line = lines.readLine()) {
            event.add(line);
        }
        return event;
    }

    private static String get(String path) throws Exception {
        return CLIENT.send(request(path).build(), HttpResponse.BodyHandlers.ofString()).body();
    }
}
