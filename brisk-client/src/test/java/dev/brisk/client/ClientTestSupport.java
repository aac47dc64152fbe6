package dev.brisk.client;

import dev.brisk.http.HttpHandler;
import dev.brisk.http.HttpServer;
import org.junit.jupiter.api.AfterEach;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/** Servers and clients a test starts, closed after each test. */
abstract class ClientTestSupport {

    protected final ScheduledExecutorService scheduler = Executors.newScheduledThreadPool(2);
    private final List<AutoCloseable> resources = new ArrayList<>();

    protected HttpServer server(HttpHandler handler) {
        return server(HttpServer.builder(), handler);
    }

    protected HttpServer server(HttpServer.Builder builder, HttpHandler handler) {
        HttpServer server = builder.host("127.0.0.1").port(0).options(o -> o.ioThreads(2)).handler(handler).start();
        resources.add(server::closeNow);
        return server;
    }

    protected static String url(HttpServer server, String path) {
        return "http://127.0.0.1:" + server.port() + path;
    }

    /** A builder that skips ServiceLoader interceptors, so the plain path is what runs. */
    protected BriskClient.Builder clientBuilder() {
        return BriskClient.builder().options(o -> o.ioThreads(2)).loadInterceptors(false);
    }

    protected BriskClient client(BriskClient.Builder builder) {
        BriskClient client = builder.build();
        resources.add(client);
        return client;
    }

    protected BriskClient client() {
        return client(clientBuilder());
    }

    protected <T extends AutoCloseable> T closeLater(T resource) {
        resources.add(resource);
        return resource;
    }

    /** The cause a failed join reports. */
    protected static Throwable failure(CompletionStage<?> stage) {
        try {
            stage.toCompletableFuture().join();
        } catch (CompletionException e) {
            return e.getCause();
        }
        throw new AssertionError("expected the call to fail");
    }

    protected static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            Thread.sleep(10);
        }
    }

    @AfterEach
    void closeResources() throws Exception {
        for (int i = resources.size() - 1; i >= 0; i--) {
            resources.get(i).close();
        }
        resources.clear();
        scheduler.shutdownNow();
    }
}
