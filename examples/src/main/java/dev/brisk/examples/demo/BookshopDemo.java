package dev.brisk.examples.demo;

/**
 * Starts the bookshop demo ({@link Bookshop}) and prints its URLs; Ctrl-C stops it. The port comes from
 * {@code -Dport} or {@code PORT} (default 8080); {@code -Dzookeeper} or {@code BRISK_DEMO_ZOOKEEPER}
 * ({@code host:port}) makes the RPC client find the warehouse through ZooKeeper.
 */
public final class BookshopDemo {

    private BookshopDemo() {
    }

    /** Starts the demo; exits with status 1 when it cannot start. */
    public static void main(String[] args) {
        Bookshop shop;
        try {
            shop = Bookshop.start(DemoSettings.from(System.getProperties(), System.getenv()));
        } catch (RuntimeException e) {
            System.err.println("The bookshop demo could not start: " + e.getMessage());
            System.err.println("(choose the port with PORT=8081 or -Dport=8081)");
            System.exit(1);
            return;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            shop.close();
            System.out.println("Bookshop demo stopped.");
        }, "bookshop-shutdown"));
        System.out.println(Banner.of(shop));
    }
}
