package dev.brisk.spring.boot.rpc.internal;

import dev.brisk.rpc.RpcServer;
import dev.brisk.rpc.spi.ProviderInfo;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code rpc} health: down when beans are exported but the server no longer runs, when the ZooKeeper registry is
 * not connected, or when a service the client subscribed to has no provider (its calls fail). Details: the server's
 * port, services and connections; the registry; each referenced service's providers as the client was last told
 * (with {@code brisk.rpc.client.addresses}, the fixed list: whether they answer is not known here).
 */
public final class RpcHealthIndicator implements HealthIndicator {

    private final RpcServerLifecycle server;
    private final ClientProviders providers;
    private final ObjectProvider<ZooKeeperConnection> zooKeeper;

    public RpcHealthIndicator(RpcServerLifecycle server, ClientProviders providers,
                              ObjectProvider<ZooKeeperConnection> zooKeeper) {
        this.server = server;
        this.providers = providers;
        this.zooKeeper = zooKeeper;
    }

    @Override
    public Health health() {
        boolean up = true;
        Health.Builder health = Health.unknown();
        Optional<RpcServer> running = server.server();
        if (running.isPresent()) {
            RpcServer rpc = running.get();
            health.withDetail("server", Map.of("state", "serving", "port", rpc.port(), "services", server.services(),
                    "connections", rpc.connections()));
        } else if (server.exporting()) {
            up = false;
            health.withDetail("server", Map.of("state", "stopped", "services", server.services()));
        }
        ZooKeeperConnection connection = zooKeeper.getIfAvailable();
        if (connection != null) {
            boolean connected = connection.connected();
            up &= connected;
            health.withDetail("registry", Map.of("type", "zookeeper", "connectString", connection.connectString(),
                    "namespace", connection.namespace(), "connected", connected));
        }
        Map<String, List<ProviderInfo>> known = providers.known();
        if (!known.isEmpty()) {
            Map<String, Object> references = new LinkedHashMap<>();
            known.forEach((service, list) -> references.put(service, Map.of("providers", list.size(),
                    "addresses", list.stream().map(ProviderInfo::address).toList())));
            up &= known.values().stream().noneMatch(List::isEmpty);
            health.withDetail("providersFrom", providers.description());
            health.withDetail("references", references);
        }
        return (up ? health.up() : health.down()).build();
    }
}
