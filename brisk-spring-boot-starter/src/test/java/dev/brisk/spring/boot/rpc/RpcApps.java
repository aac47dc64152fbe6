package dev.brisk.spring.boot.rpc;

import dev.brisk.spring.boot.rpc.internal.RpcServerLifecycle;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/** Starts the sample Boot applications on free ports, asks their Actuator over HTTP, and waits with a deadline. */
final class RpcApps {

    static final Duration DEADLINE = Duration.ofSeconds(30);

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private RpcApps() {
    }

    /** Runs {@code application} with a free HTTP port, a free RPC port on the loopback and Actuator's health. */
    static ConfigurableApplicationContext run(Class<?> application, String... properties) {
        List<String> all = new ArrayList<>(List.of("server.port=0", "brisk.rpc.host=127.0.0.1", "brisk.rpc.port=0",
                "brisk.rpc.server.io-threads=1", "brisk.rpc.server.worker-threads=4", "brisk.rpc.client.io-threads=1",
                "management.endpoints.web.exposure.include=health", "management.endpoint.health.show-details=always",
                "logging.level.org.apache.zookeeper=warn", "logging.level.org.apache.curator=warn"));
        all.addAll(List.of(properties));
        return new SpringApplicationBuilder(application).properties(all.toArray(String[]::new)).run();
    }

    /** The port the application's RPC server listens on. */
    static int rpcPort(ConfigurableApplicationContext context) {
        return context.getBean(RpcServerLifecycle.class).server().orElseThrow().port();
    }

    /** {@code GET path} on the application's HTTP port: status and body. */
    static HttpResponse<String> get(ConfigurableApplicationContext context, String path) {
        int port = ((WebServerApplicationContext) context).getWebServer().getPort();
        try {
            return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
                    HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new AssertionError(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** {@code POST path} without a body on the application's HTTP port: status and body. */
    static HttpResponse<String> post(ConfigurableApplicationContext context, String path) {
        int port = ((WebServerApplicationContext) context).getWebServer().getPort();
        try {
            return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                    .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new AssertionError(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** Polls {@code condition} until it holds, failing with {@code what} at the deadline. */
    static void await(String what, BooleanSupplier condition) {
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting until " + what);
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted waiting until " + what);
            }
        }
    }
}
