package dev.brisk.examples.demo;

import dev.brisk.examples.demo.catalog.Catalog;
import dev.brisk.examples.demo.pricing.PriceClient;
import dev.brisk.examples.demo.stock.Warehouse;
import dev.brisk.rest.HttpStatusException;
import dev.brisk.rest.RequestContext;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Programmatic routes (brisk-rest's own handlers) that show what the collapser saves: {@code GET /api/stats} counts
 * lookups against calls, {@code GET /api/prices/burst?lookups=50} makes that many concurrent price lookups and tells
 * how many calls to the pricing service they took.
 */
public final class StatsRoutes {

    /** The most lookups one burst may make. */
    public static final int MAX_BURST = 1_000;

    private final Catalog catalog;
    private final PriceClient prices;
    private final Warehouse warehouse;

    /** Routes over these sources. */
    public StatsRoutes(Catalog catalog, PriceClient prices, Warehouse warehouse) {
        this.catalog = catalog;
        this.prices = prices;
        this.warehouse = warehouse;
    }

    /** {@code GET /api/stats}. */
    public void stats(RequestContext ctx) {
        ctx.send(new Stats(prices.lookups(), prices.calls(), prices.stats().collapseFactor(), warehouse.calls()));
    }

    /** {@code GET /api/prices/burst?lookups=n}: answers when every lookup has. */
    public void burst(RequestContext ctx) {
        int lookups = ctx.query("lookups").map(StatsRoutes::parseLookups).orElse(50);
        long callsBefore = prices.calls();
        List<Long> ids = catalog.all().stream().map(book -> book.id()).toList();
        List<CompletableFuture<?>> pending = new ArrayList<>(lookups);
        for (int i = 0; i < lookups; i++) {
            pending.add(prices.price(ids.get(i % ids.size())));
        }
        ctx.send(CompletableFuture.allOf(pending.toArray(CompletableFuture[]::new))
                .thenApply(done -> new Burst(lookups, ids.size(), prices.calls() - callsBefore)));
    }

    private static int parseLookups(String value) {
        try {
            int lookups = Integer.parseInt(value);
            if (lookups >= 1 && lookups <= MAX_BURST) {
                return lookups;
            }
        } catch (NumberFormatException e) {
            // answered below
        }
        throw new HttpStatusException(400, "lookups must be a number from 1 to " + MAX_BURST + ": " + value);
    }

    /**
     * The answer of {@code GET /api/stats}.
     *
     * @param priceLookups price lookups made
     * @param pricingCalls calls to the pricing service they took
     * @param lookupsPerCall lookups served per call
     * @param stockRpcCalls calls the warehouse served over RPC
     */
    public record Stats(long priceLookups, long pricingCalls, double lookupsPerCall, long stockRpcCalls) {
    }

    /**
     * The answer of {@code GET /api/prices/burst}.
     *
     * @param lookups the concurrent lookups made
     * @param distinctBooks the books they asked about
     * @param pricingCalls calls to the pricing service they took (other requests' lookups may share them)
     */
    public record Burst(int lookups, int distinctBooks, long pricingCalls) {
    }
}
