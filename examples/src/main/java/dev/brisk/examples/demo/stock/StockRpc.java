package dev.brisk.examples.demo.stock;

import dev.brisk.rpc.RpcClient;
import dev.brisk.rpc.RpcServer;
import dev.brisk.rpc.spi.Registry;
import dev.brisk.rpc.zookeeper.ZooKeeperRegistry;

import java.util.Optional;

/**
 * The warehouse served over brisk-rpc and the bookshop's proxy of it. The client finds the server by its address
 * (a static list), or through ZooKeeper when a connect string is given: then the server registers itself there and
 * the client subscribes to the service, as services on several hosts would.
 */
public final class StockRpc implements AutoCloseable {

    private final Registry registry;
    private final RpcServer server;
    private final RpcClient client;
    private final StockService stock;
    private final String discovery;

    private StockRpc(Registry registry, RpcServer server, RpcClient client, String discovery) {
        this.registry = registry;
        this.server = server;
        this.client = client;
        this.stock = client.proxy(StockService.class);
        this.discovery = discovery;
    }

    /**
     * Starts an RPC server for {@code warehouse} on a free port and connects a client to it; through ZooKeeper when
     * {@code zookeeper} holds a connect string, else by the server's loopback address.
     */
    public static StockRpc start(Warehouse warehouse, Optional<String> zookeeper) {
        Registry registry = zookeeper.map(hosts -> (Registry) ZooKeeperRegistry.builder()
                .connectString(hosts).namespace("brisk-demo").build()).orElse(null);
        RpcServer server = null;
        try {
            RpcServer.Builder builder = RpcServer.builder().port(0).service(StockService.class, warehouse);
            server = registry == null ? builder.host("127.0.0.1").start() : builder.registry(registry).start();
            if (registry == null) {
                String address = "127.0.0.1:" + server.port();
                return new StockRpc(null, server, RpcClient.builder().addresses(address).build(),
                        "static address " + address);
            }
            return new StockRpc(registry, server, RpcClient.builder().registry(registry).build(),
                    "ZooKeeper " + zookeeper.get());
        } catch (RuntimeException e) {
            if (server != null) {
                server.close();
            }
            if (registry != null) {
                registry.close();
            }
            throw e;
        }
    }

    /** The proxy: each call is a round trip to the RPC server. */
    public StockService stock() {
        return stock;
    }

    /** The RPC server's port. */
    public int port() {
        return server.port();
    }

    /** How the client finds the server, for people: {@code static address 127.0.0.1:port} or the ZooKeeper hosts. */
    public String discovery() {
        return discovery;
    }

    /** Closes the client, then the server (draining its calls), then the registry. */
    @Override
    public void close() {
        client.close();
        server.close();
        if (registry != null) {
            registry.close();
        }
    }
}
