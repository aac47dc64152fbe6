package dev.brisk.spring.boot.rpc.internal;

import dev.brisk.rpc.spi.Registry;
import dev.brisk.rpc.zookeeper.ZooKeeperRegistry;
import dev.brisk.rpc.zookeeper.ZooKeeperRegistryOptions;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.ExponentialBackoffRetry;

/**
 * The application's ZooKeeper registry and the Curator client under it, built from
 * {@code brisk.rpc.registry.zookeeper.*}. The client is the starter's own, made as the registry would make it, so
 * that the health indicator can tell whether it is connected (the registry does not say). Connects in the background.
 */
public final class ZooKeeperConnection implements AutoCloseable {

    private final ZooKeeperRegistryOptions options;
    private final CuratorFramework curator;
    private final ZooKeeperRegistry registry;

    private ZooKeeperConnection(ZooKeeperRegistryOptions options, CuratorFramework curator,
                                ZooKeeperRegistry registry) {
        this.options = options;
        this.curator = curator;
        this.registry = registry;
    }

    /** Starts a Curator client with {@code options} and a registry over it. */
    public static ZooKeeperConnection open(ZooKeeperRegistryOptions options) {
        CuratorFramework curator = CuratorFrameworkFactory.builder()
                .connectString(options.connectString())
                .sessionTimeoutMs((int) options.sessionTimeout().toMillis())
                .connectionTimeoutMs((int) options.connectionTimeout().toMillis())
                .retryPolicy(new ExponentialBackoffRetry((int) options.retryBaseSleep().toMillis(),
                        options.retryMaxAttempts(), (int) options.retryMaxSleep().toMillis()))
                .build();
        curator.start();
        try {
            return new ZooKeeperConnection(options, curator,
                    ZooKeeperRegistry.builder().options(options).curator(curator).build());
        } catch (RuntimeException e) {
            curator.close();
            throw e;
        }
    }

    /** The registry. */
    public Registry registry() {
        return registry;
    }

    /** The ensemble it connects to. */
    public String connectString() {
        return options.connectString();
    }

    /** The namespace its nodes lie under. */
    public String namespace() {
        return options.namespace();
    }

    /** Whether the client is connected to ZooKeeper now. */
    public boolean connected() {
        return curator.getZookeeperClient().isConnected();
    }

    /** Closes the registry (its nodes go), then the client. */
    @Override
    public void close() {
        try {
            registry.close();
        } finally {
            curator.close();
        }
    }
}
