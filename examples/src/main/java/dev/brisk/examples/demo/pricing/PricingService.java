package dev.brisk.examples.demo.pricing;

import dev.brisk.rest.Brisk;
import dev.brisk.rest.BriskServer;
import dev.brisk.rest.HttpStatusException;
import dev.brisk.rest.RequestContext;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * The pricing service: a second Brisk server with programmatic routes, on a port of its own.
 * {@code GET /prices?ids=1&ids=2} answers the prices of several books in one call, after a simulated network and
 * database latency; {@code PUT /prices/{id}} sets one. It counts the requests it serves, so the bookshop can show how
 * few calls its collapsed lookups make.
 */
public final class PricingService implements AutoCloseable {

    /** How long each answer of {@code GET /prices} is delayed, as if the service were remote. */
    public static final Duration LATENCY = Duration.ofMillis(20);

    private final PriceList prices;
    private final LongAdder requests = new LongAdder();
    private final Executor delayed = CompletableFuture.delayedExecutor(LATENCY.toMillis(), TimeUnit.MILLISECONDS);
    private final BriskServer server;

    private PricingService(PriceList prices) {
        this.prices = prices;
        this.server = Brisk.server()
                .host("127.0.0.1")
                .port(0)
                .http(h -> h.shutdownHook(false))
                .get("/prices", this::list)
                .put("/prices/{id}", this::set)
                .start();
    }

    /** Starts the service on a free port of the loopback interface. */
    public static PricingService start(PriceList prices) {
        return new PricingService(prices);
    }

    private void list(RequestContext ctx) {
        requests.increment();
        List<Long> ids = new ArrayList<>();
        for (String id : ctx.request().queryAll("ids")) {
            ids.add(parseId(id));
        }
        ctx.send(CompletableFuture.supplyAsync(() -> prices.prices(ids), delayed));
    }

    private void set(RequestContext ctx) {
        requests.increment();
        PriceChange change = ctx.body(PriceChange.class);
        if (change.amount() == null || change.amount().signum() < 0) {
            throw new HttpStatusException(400, "amount must be zero or more");
        }
        ctx.send(prices.set(parseId(ctx.pathParam("id")), change.amount()));
    }

    private static long parseId(String id) {
        try {
            return Long.parseLong(id);
        } catch (NumberFormatException e) {
            throw new HttpStatusException(400, "not a book id: " + id);
        }
    }

    /** The base URI of the service, ending with {@code /}. */
    public String baseUri() {
        return "http://127.0.0.1:" + server.port() + "/";
    }

    /** The requests served so far. */
    public long requests() {
        return requests.sum();
    }

    @Override
    public void close() {
        server.close();
    }

    /**
     * The body of {@code PUT /prices/{id}}.
     *
     * @param amount the new price
     */
    public record PriceChange(BigDecimal amount) {
    }
}
