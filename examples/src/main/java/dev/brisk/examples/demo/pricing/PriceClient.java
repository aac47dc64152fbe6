package dev.brisk.examples.demo.pricing;

import dev.brisk.client.BriskClient;
import dev.brisk.client.TypeRef;
import dev.brisk.collapse.BatchCollapser;
import dev.brisk.collapse.CollapseStats;
import dev.brisk.micrometer.client.MicrometerClientMetrics;
import dev.brisk.micrometer.collapse.MicrometerCollapseMetrics;
import io.micrometer.core.instrument.MeterRegistry;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.LongAdder;

/**
 * The bookshop's side of the pricing service: brisk-client calls behind a {@link BatchCollapser}. Each
 * {@link #price(long)} is one lookup; lookups made while calls are under way are merged into one
 * {@code GET /prices?ids=..} call, so many lookups cost few calls ({@link #lookups()} against {@link #calls()}).
 */
public final class PriceClient implements AutoCloseable {

    private static final TypeRef<List<Price>> PRICES = new TypeRef<>() {
    };

    private final BriskClient client;
    private final BatchCollapser<Long, Price> lookups;
    private final LongAdder calls = new LongAdder();

    /** A client of the pricing service at {@code baseUri}, reporting its calls and batches to {@code registry}. */
    public PriceClient(String baseUri, MeterRegistry registry) {
        this.client = BriskClient.builder()
                .baseUri(baseUri)
                .metrics(MicrometerClientMetrics.of(registry))
                .options(o -> o.callTimeout(Duration.ofSeconds(5)))
                .build();
        this.lookups = BatchCollapser.builder(this::load)
                .maxBatchSize(100)
                .maxConcurrentBatches(2)
                .maxDelay(Duration.ofMillis(2))
                .timeout(Duration.ofSeconds(10))
                .metrics(MicrometerCollapseMetrics.of(registry, "prices"))
                .build();
    }

    private CompletionStage<Map<Long, Price>> load(List<Long> ids) {
        calls.increment();
        return client.get("/prices").query("ids", ids).retrieve(PRICES).thenApply(PriceClient::byBook);
    }

    private static Map<Long, Price> byBook(List<Price> prices) {
        Map<Long, Price> byBook = new HashMap<>();
        for (Price price : prices) {
            byBook.put(price.bookId(), price);
        }
        return byBook;
    }

    /**
     * The price of a book; fails with {@code MissingResultException} when the pricing service has none, or with the
     * call's failure.
     */
    public CompletableFuture<Price> price(long bookId) {
        return lookups.submit(bookId);
    }

    /** Sets the price of a book (one call, never collapsed). */
    public CompletableFuture<Price> setPrice(long bookId, BigDecimal amount) {
        return client.put("/prices/{id}", bookId).body(new PricingService.PriceChange(amount))
                .retrieve(Price.class).toCompletableFuture();
    }

    /** Whether the pricing service answers (one call, never collapsed); false rather than a failure. */
    public CompletionStage<Boolean> ping() {
        return client.get("/prices").execute()
                .handle((response, failure) -> failure == null && response.status() == 200);
    }

    /** Price lookups made so far. */
    public long lookups() {
        return lookups.stats().callers();
    }

    /** Calls made to the pricing service by lookups so far. */
    public long calls() {
        return calls.sum();
    }

    /** The collapser's statistics. */
    public CollapseStats stats() {
        return lookups.stats();
    }

    @Override
    public void close() {
        lookups.close();
        client.close();
    }
}
