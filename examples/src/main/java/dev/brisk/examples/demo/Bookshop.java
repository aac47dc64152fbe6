package dev.brisk.examples.demo;

import dev.brisk.examples.demo.catalog.Catalog;
import dev.brisk.examples.demo.catalog.CatalogController;
import dev.brisk.examples.demo.catalog.Shelf;
import dev.brisk.examples.demo.orders.Checkout;
import dev.brisk.examples.demo.orders.OrderResource;
import dev.brisk.examples.demo.orders.Orders;
import dev.brisk.examples.demo.pricing.PriceClient;
import dev.brisk.examples.demo.pricing.PriceList;
import dev.brisk.examples.demo.pricing.PricingService;
import dev.brisk.examples.demo.stock.StockRpc;
import dev.brisk.examples.demo.stock.Warehouse;
import dev.brisk.micrometer.BriskMetrics;
import dev.brisk.openapi.OpenApi;
import dev.brisk.rest.Brisk;
import dev.brisk.rest.BriskServer;
import dev.brisk.rest.observe.AccessLogOptions;
import dev.brisk.rest.observe.HealthCheck;
import dev.brisk.rest.observe.HealthOptions;
import dev.brisk.rest.observe.HealthResult;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/**
 * The whole demo in one JVM: the bookshop's REST server (a Spring MVC controller, a JAX-RS resource, programmatic
 * routes, a web page, metrics, health and OpenAPI routes), the pricing service it calls over HTTP with collapsed
 * lookups, and the warehouse it calls over RPC. {@link #close()} stops them, the bookshop first.
 */
public final class Bookshop implements AutoCloseable {

    /** Where the web page's files are, on the class path. */
    static final String WEB_RESOURCES = "bookshop-web";

    private final Deque<AutoCloseable> parts = new ArrayDeque<>();
    private PricingService pricing;
    private StockRpc stockRpc;
    private BriskServer server;

    private Bookshop() {
    }

    /** Starts the pricing service, the warehouse and the bookshop as {@code settings} say. */
    public static Bookshop start(DemoSettings settings) {
        Bookshop shop = new Bookshop();
        try {
            shop.startParts(settings);
            return shop;
        } catch (RuntimeException e) {
            // a part that cannot start (a port already taken) stops those started before it
            try {
                shop.close();
            } catch (RuntimeException closing) {
                e.addSuppressed(closing);
            }
            throw e;
        }
    }

    private void startParts(DemoSettings settings) {
        Catalog catalog = new Catalog();
        Seed seed = Seed.into(catalog);
        pricing = opened(PricingService.start(new PriceList(seed.prices())));
        Warehouse warehouse = new Warehouse(seed.copies());
        stockRpc = opened(StockRpc.start(warehouse, settings.zookeeper()));

        BriskMetrics metrics = BriskMetrics.prometheus();
        PriceClient prices = opened(new PriceClient(pricing.baseUri(), metrics.registry()));
        Orders orders = new Orders();
        StatsRoutes stats = new StatsRoutes(catalog, prices, warehouse);
        server = opened(Brisk.server()
                .port(settings.port())
                .http(h -> h.shutdownHook(false))
                .controllers(new CatalogController(new Shelf(catalog, prices, stockRpc.stock())),
                        new OrderResource(orders, new Checkout(catalog, prices, stockRpc.stock(), orders)))
                .get("/api/stats", stats::stats)
                .get("/api/prices/burst", stats::burst)
                .observability(o -> o.accessLog(AccessLogOptions.DEFAULT).health(health(prices)))
                .web(w -> w.classpathResources("/", WEB_RESOURCES))
                .feature(metrics).route(metrics.scrapeRoute())
                .feature(OpenApi.builder().title("Brisk Bookshop").version("1.0")
                        .description("The bookshop demo of Brisk: catalog (Spring MVC), orders (JAX-RS), "
                                + "collapsed price lookups, stock over RPC.")
                        .build())
                .start());
    }

    private HealthOptions health(PriceClient prices) {
        HealthCheck stock = () -> {
            stockRpc.stock().levels(List.of());
            return HealthResult.up().withDetail("discovery", stockRpc.discovery());
        };
        HealthCheck pricingService = HealthCheck.async(() -> prices.ping()
                .thenApply(up -> HealthResult.of(up).withDetail("uri", pricing.baseUri())));
        return HealthOptions.builder().readiness("stock", stock).readiness("pricing", pricingService).build();
    }

    private <T extends AutoCloseable> T opened(T part) {
        parts.push(part);
        return part;
    }

    /** The bookshop's HTTP port. */
    public int port() {
        return server.port();
    }

    /** The pricing service's base URI. */
    public String pricingUri() {
        return pricing.baseUri();
    }

    /** The warehouse's RPC port. */
    public int stockPort() {
        return stockRpc.port();
    }

    /** How the RPC client finds the warehouse. */
    public String stockDiscovery() {
        return stockRpc.discovery();
    }

    /** Stops the bookshop (draining its requests), then the client, the warehouse and the pricing service. */
    @Override
    public void close() {
        RuntimeException failure = null;
        while (!parts.isEmpty()) {
            try {
                parts.pop().close();
            } catch (Exception e) {
                if (failure == null) {
                    failure = new IllegalStateException("the demo did not stop cleanly", e);
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }
}
