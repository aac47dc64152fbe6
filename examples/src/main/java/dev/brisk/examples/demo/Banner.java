package dev.brisk.examples.demo;

/** What the demo prints once it is up: where to look, and what to try. */
final class Banner {

    private Banner() {
    }

    /** The lines for {@code shop}, listening on {@code localhost}. */
    static String of(Bookshop shop) {
        String base = "http://localhost:" + shop.port();
        return String.join(System.lineSeparator(),
                "",
                "Brisk bookshop demo is up.",
                "",
                "  Web page        " + base + "/",
                "  Books (Spring)  " + base + "/api/books        " + base + "/api/books/1",
                "  Orders (JAX-RS) " + base + "/api/orders",
                "  Collapsing      " + base + "/api/prices/burst?lookups=50    " + base + "/api/stats",
                "  Metrics         " + base + "/metrics",
                "  Health          " + base + "/health/live    " + base + "/health/ready",
                "  OpenAPI         " + base + "/openapi.json    " + base + "/openapi.yaml",
                "",
                "  Pricing service " + shop.pricingUri() + "prices?ids=1&ids=2  (a second Brisk server)",
                "  Stock service   RPC on port " + shop.stockPort() + ", found by " + shop.stockDiscovery(),
                "",
                "  Try:  curl " + base + "/api/books/1",
                "        curl -i -H 'content-type: application/json' -d '{\"bookId\":1,\"quantity\":2,"
                        + "\"customer\":\"Ada\"}' " + base + "/api/orders",
                "",
                "Press Ctrl-C to stop.",
                "");
    }
}
