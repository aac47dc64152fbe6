package dev.brisk.rpc.spi;

import java.util.Map;
import java.util.Objects;

/**
 * One server offering one service: where it listens and what it tells clients about itself.
 *
 * @param service  the service name ({@link dev.brisk.rpc.RpcService} or the interface's binary name)
 * @param host     the host clients connect to
 * @param port     the port clients connect to
 * @param weight   relative share of calls it wishes to take (positive; the default is 100)
 * @param version  the application's version of the service, empty when not given
 * @param metadata free-form attributes (zone, tags), copied
 * @param group    the group of providers it belongs to (clients choose one), empty when none
 */
public record ProviderInfo(String service, String host, int port, int weight, String version,
                           Map<String, String> metadata, String group) {

    /** The weight given when none is. */
    public static final int DEFAULT_WEIGHT = 100;

    /** Validates every component; a message names the component and the offending value. */
    public ProviderInfo {
        Objects.requireNonNull(service, "service must not be null");
        Objects.requireNonNull(host, "host must not be null");
        Objects.requireNonNull(version, "version must not be null");
        Objects.requireNonNull(metadata, "metadata must not be null");
        Objects.requireNonNull(group, "group must not be null");
        if (service.isBlank()) {
            throw new IllegalArgumentException("service must not be blank: '" + service + "'");
        }
        if (host.isBlank()) {
            throw new IllegalArgumentException("host must not be blank: '" + host + "'");
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("port must be within [1, 65535]: " + port);
        }
        if (weight < 1) {
            throw new IllegalArgumentException("weight must be positive: " + weight);
        }
        metadata = Map.copyOf(metadata);
    }

    /** A provider without a group. */
    public ProviderInfo(String service, String host, int port, int weight, String version,
                        Map<String, String> metadata) {
        this(service, host, port, weight, version, metadata, "");
    }

    /** A provider with the default weight, no version, no metadata and no group. */
    public static ProviderInfo of(String service, String host, int port) {
        return new ProviderInfo(service, host, port, DEFAULT_WEIGHT, "", Map.of(), "");
    }

    /** {@code host:port}, which identifies the provider's connections on a client. */
    public String address() {
        return host.indexOf(':') >= 0 ? "[" + host + "]:" + port : host + ":" + port;
    }
}
