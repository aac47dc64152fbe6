package dev.brisk.examples.demo;

import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * Where the demo listens and how its RPC client finds the warehouse.
 *
 * @param port the bookshop's HTTP port (0: any free port)
 * @param zookeeper a ZooKeeper connect string ({@code host:port}); empty for the static address list
 */
public record DemoSettings(int port, Optional<String> zookeeper) {

    /** The port when none is set. */
    public static final int DEFAULT_PORT = 8080;

    /** Checks the port range. */
    public DemoSettings {
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("port must be within [0, 65535]: " + port);
        }
        zookeeper = zookeeper.map(String::strip).filter(s -> !s.isEmpty());
    }

    /**
     * The settings of system properties ({@code -Dport=8081}, {@code -Dzookeeper=host:2181}), else of the environment
     * ({@code PORT}, {@code BRISK_DEMO_ZOOKEEPER}), else the defaults (port 8080, no ZooKeeper).
     */
    public static DemoSettings from(Properties properties, Map<String, String> environment) {
        String port = properties.getProperty("port", environment.get("PORT"));
        String zookeeper = properties.getProperty("zookeeper", environment.get("BRISK_DEMO_ZOOKEEPER"));
        return new DemoSettings(port == null || port.isBlank() ? DEFAULT_PORT : parsePort(port),
                Optional.ofNullable(zookeeper));
    }

    private static int parsePort(String port) {
        try {
            return Integer.parseInt(port.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("port must be a number: " + port, e);
        }
    }
}
