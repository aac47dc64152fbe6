package dev.brisk.examples.demo;

import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** With a ZooKeeper connect string the RPC client finds the warehouse through ZooKeeper (a real server, in-process). */
class BookshopZooKeeperTest {

    @Test
    void stockComesOverRpcFoundThroughZooKeeper() throws Exception {
        try (TestingServer zookeeper = new TestingServer(true);
             Bookshop shop = Bookshop.start(new DemoSettings(0, Optional.of(zookeeper.getConnectString())))) {
            assertThat(shop.stockDiscovery()).isEqualTo("ZooKeeper " + zookeeper.getConnectString());
            HttpClient http = HttpClient.newHttpClient();
            String base = "http://127.0.0.1:" + shop.port();

            HttpResponse<String> book = http.send(HttpRequest.newBuilder(URI.create(base + "/api/books/3")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(book.statusCode()).isEqualTo(200);
            assertThat(book.body()).contains("\"title\":\"Moby-Dick\"", "\"inStock\":3");

            HttpResponse<String> ready = http.send(HttpRequest.newBuilder(URI.create(base + "/health/ready")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(ready.statusCode()).isEqualTo(200);
            assertThat(ready.body()).contains("ZooKeeper " + zookeeper.getConnectString());
        }
    }
}
