package dev.brisk.spring.boot.rpc.internal;

import dev.brisk.rpc.RpcClient;
import dev.brisk.rpc.RpcServer;
import dev.brisk.rpc.ServiceStatus;
import dev.brisk.rpc.spi.ProviderInfo;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code rpc} health: down when beans are exported but the server no longer runs, when the ZooKeeper registry is
 * not connected, or when a service the client subscribed to has no provider (its calls fail). Details: the server's
 * state (serving, or offline when an operator took it out of its registry), port, services and connections; the
 * registry; each referenced service's providers as the client was last told, with how many of them are ready (a
 * connection said hello, neither ejected nor taken offline) once the client exists.
 */
public final class RpcHealthIndicator implements HealthIndicator {

    private final RpcServerLifecycle server;
    private final ClientProviders providers;
    private final ObjectProvider<ZooKeeperConnection> zooKeeper;
    private final ExistingRpcClient client;

    public RpcHealthIndicator(RpcServerLifecycle server, ClientProviders providers,
                              ObjectProvider<ZooKeeperConnection> zooKeeper, ExistingRpcClient client) {
        this.server = server;
        this.providers = providers;
        this.zooKeeper = zooKeeper;
        this.client = client;
    }

    @Override
    public Health health() {
        boolean up = true;
        Health.Builder health = Health.unknown();
        Optional<RpcServer> running = server.server();
        if (running.isPresent()) {
            RpcServer rpc = running.get();
            health.withDetail("server", Map.of("state", rpc.state().name().toLowerCase(Locale.ROOT), "port",
                    rpc.port(), "services", server.services(), "connections", rpc.connections()));
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
            Optional<RpcClient> rpc = client.get();
            known.forEach((service, list) -> {
                Map<String, Object> reference = new LinkedHashMap<>();
                reference.put("providers", list.size());
                rpc.ifPresent(c -> reference.put("ready", ready(c, service)));
                reference.put("addresses", list.stream().map(ProviderInfo::address).toList());
                references.put(service, reference);
            });
            up &= known.values().stream().noneMatch(List::isEmpty);
            health.withDetail("providersFrom", providers.description());
            health.withDetail("references", references);
        }
        return (up ? health.up() : health.down()).build();
    }

    private static int ready(RpcClient client, String service) {
        for (ServiceStatus status : client.providers()) {
            if (status.service().equals(service)) {
                return status.ready();
            }
        }
        return 0;
    }
}
