package dev.brisk.http.websocket;

import dev.brisk.http.HttpServer;
import dev.brisk.http.WebSocketOptions;
import dev.brisk.http.testing.ReliabilityReport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Which pages may open a WebSocket: by default only the server's own (the {@code Origin}'s host and port are the
 * request's {@code Host}), plus the origins an endpoint lists, or every one with {@code "*"}; a handshake without
 * {@code Origin} (not from a browser) always.
 */
class WebSocketOriginTest {

    private static HttpServer server;

    @BeforeAll
    static void start() {
        server = HttpServer.builder().port(0).host("127.0.0.1")
                .webSocket("/default", new EchoEndpoint())
                .webSocket("/listed", new EchoEndpoint(),
                        WebSocketOptions.builder().allowedOrigins("https://app.example", "http://localhost:3000/")
                                .build())
                .webSocket("/any", new EchoEndpoint(),
                        WebSocketOptions.builder().allowedOrigins(WebSocketOptions.ANY_ORIGIN).build())
                .start();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static RawWebSocket handshake(String path, String host, String origin) throws IOException {
        return RawWebSocket.handshake(server.port(), "GET " + path + " HTTP/1.1\r\n"
                + (host == null ? "" : "Host: " + host + "\r\n")
                + (origin == null ? "" : "Origin: " + origin + "\r\n")
                + "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                + "Sec-WebSocket-Version: 13\r\n\r\n");
    }

    @ParameterizedTest(name = "{0} Host {1} Origin {2} -> {3}")
    @CsvSource(nullValues = "-", value = {
            // same origin: host and port of Host, the scheme's default port when Host names none
            "/default, example.com:8080,  http://example.com:8080,   101",
            "/default, EXAMPLE.com:8080,  https://example.COM:8080,  101",
            "/default, example.com,       http://example.com,        101",
            "/default, example.com,       https://example.com,       101",
            "/default, example.com,       https://example.com:443,   101",
            "/default, [::1]:8080,        http://[::1]:8080,         101",
            // not browsers
            "/default, example.com,       -,                         101",
            // cross origin
            "/default, example.com:8080,  https://evil.example,      403",
            "/default, example.com:8080,  http://example.com:8081,   403",
            "/default, example.com:8080,  http://example.com,        403",
            "/default, example.com,       http://example.com:8080,   403",
            "/default, example.com,       http://example.com.evil,   403",
            "/default, example.com,       null,                      403",
            "/default, example.com,       example.com,               403",
            "/default, example.com,       file://,                   403",
            // listed origins add to the server's own
            "/listed,  example.com,       https://app.example,       101",
            "/listed,  example.com,       HTTPS://APP.EXAMPLE,       101",
            "/listed,  example.com,       http://localhost:3000,     101",
            "/listed,  example.com,       https://example.com,       101",
            "/listed,  example.com,       http://app.example,        403",
            "/listed,  example.com,       https://evil.example,      403",
            "/listed,  example.com,       null,                      403",
            // every origin
            "/any,     example.com,       https://evil.example,      101",
            "/any,     example.com,       null,                      101",
    })
    void originDecides(String path, String host, String origin, int status) throws Exception {
        try (RawWebSocket ws = handshake(path, host, origin)) {
            assertThat(ws.status()).isEqualTo(status);
            if (status == 101) {
                ws.sendText("hi");
                assertThat(ws.read().text()).isEqualTo("hi");
            }
        }
    }

    @Test
    void refusalSaysWhy() throws Exception {
        try (RawWebSocket evil = handshake("/default", "example.com", "https://evil.example");
             RawWebSocket opaque = handshake("/default", "example.com", "null")) {
            assertThat(evil.status()).isEqualTo(403);
            assertThat(evil.body()).contains("cross-origin WebSocket refused").contains("https://evil.example")
                    .contains("example.com");
            assertThat(opaque.status()).isEqualTo(403);
            assertThat(opaque.body()).contains("Origin null");
        }
        ReliabilityReport.record("WebSocket attacks", "WebSocketOriginTest.refusalSaysWhy",
                "a page of another origin cannot open a WebSocket by default (cross-site WebSocket hijacking): "
                        + "same-origin pages and clients without Origin get 101, other origins and Origin: null 403, "
                        + "unless the endpoint lists them or allows \"*\"",
                "24 handshakes: same origin (ports, IPv6, case) 101, no Origin 101, other host or port, null, "
                        + "malformed 403, listed 101, unlisted 403, \"*\" 101");
    }
}
