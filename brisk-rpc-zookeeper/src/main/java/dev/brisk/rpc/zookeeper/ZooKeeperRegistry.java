package dev.brisk.rpc.zookeeper;

import dev.brisk.rpc.spi.ProviderInfo;
import dev.brisk.rpc.spi.Registry;
import dev.brisk.rpc.zookeeper.internal.ConnectionWatch;
import dev.brisk.rpc.zookeeper.internal.ProviderWatch;
import dev.brisk.rpc.zookeeper.internal.Registration;
import dev.brisk.rpc.zookeeper.internal.RegistryPaths;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.framework.imps.CuratorFrameworkState;
import org.apache.curator.retry.ExponentialBackoffRetry;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A {@link Registry} on Apache ZooKeeper, through Apache Curator. Each registered provider is an ephemeral node
 * {@code /<namespace>/services/<service>/providers/<host:port>}, kept by Curator's {@code PersistentNode} recipe: it
 * is created again after the session expires, and disappears when the process dies and its session ends. Each
 * subscription follows the providers node of its service with a {@code CuratorCache}: while ZooKeeper is unreachable
 * the last known providers stay; after a reconnect the set is read again from the server.
 *
 * <pre>{@code
 * ZooKeeperRegistry registry = ZooKeeperRegistry.builder().connectString("zk1:2181,zk2:2181").build();
 * RpcServer server = RpcServer.builder().registry(registry).service(Api.class, impl).start();
 * Api api = RpcClient.builder().registry(registry).build().proxy(Api.class);
 * }</pre>
 *
 * A registry built from a connect string owns its Curator client and closes it; one given an application's
 * {@link CuratorFramework} (already started) leaves it open. Thread-safe.
 */
public final class ZooKeeperRegistry implements Registry {

    private final ZooKeeperRegistryOptions options;
    private final CuratorFramework client;
    private final boolean ownsClient;
    private final RegistryPaths paths;
    private final ExecutorService events;
    private final ConnectionWatch connection;
    private final Map<String, Registration> registrations = new ConcurrentHashMap<>();
    private final Set<ProviderWatch> watches = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    private ZooKeeperRegistry(ZooKeeperRegistryOptions options, CuratorFramework client, boolean ownsClient) {
        this.options = options;
        this.client = client;
        this.ownsClient = ownsClient;
        this.paths = new RegistryPaths(options.namespace());
        this.connection = new ConnectionWatch(client);
        this.events = Executors.newSingleThreadExecutor(r -> {
            Thread thread = new Thread(r, "brisk-zookeeper-events");
            thread.setDaemon(true);
            return thread;
        });
    }

    /** A builder starting from {@link ZooKeeperRegistryOptions#DEFAULT}. */
    public static Builder builder() {
        return new Builder();
    }

    /** The options this registry was built with. */
    public ZooKeeperRegistryOptions options() {
        return options;
    }

    /**
     * Creates (or, for a provider already registered, updates) its ephemeral node, waiting up to the connection
     * timeout for ZooKeeper to answer (not at all while it is known to be unreachable); when it does not, the node is
     * created once it does.
     */
    @Override
    public void register(ProviderInfo provider) {
        Objects.requireNonNull(provider, "provider must not be null");
        String path = paths.provider(provider);
        synchronized (registrations) {
            ensureOpen();
            Registration existing = registrations.get(path);
            if (existing != null && existing.update(provider)) {
                return;
            }
            if (existing != null) {
                registrations.remove(path);
                closeBounded(existing);
            }
            registrations.put(path, Registration.start(client, path, provider,
                    connection.firstAnswer(options.connectionTimeout())));
        }
    }

    /**
     * Deletes the provider's node, waiting up to the connection timeout (not at all while ZooKeeper is known to be
     * unreachable); meanwhile the delete goes on in the background, and the node goes in any case when the session
     * ends.
     */
    @Override
    public void unregister(ProviderInfo provider) {
        Objects.requireNonNull(provider, "provider must not be null");
        Registration registration;
        synchronized (registrations) {
            registration = registrations.remove(paths.provider(provider));
        }
        if (registration != null) {
            closeBounded(registration);
        }
    }

    /**
     * Follows the providers of {@code service}: the listener hears the set read from the server before this returns
     * (waiting up to the connection timeout, not at all while ZooKeeper is known to be unreachable; later otherwise),
     * then each changed set on the registry's event thread. Nodes that cannot be read are skipped with a warning.
     */
    @Override
    public Subscription subscribe(String service, ProviderListener listener) {
        Objects.requireNonNull(service, "service must not be null");
        Objects.requireNonNull(listener, "listener must not be null");
        ensureOpen();
        String path = paths.providers(service);
        ProviderWatch[] self = new ProviderWatch[1];
        ProviderWatch watch = new ProviderWatch(client, service, path, listener, events,
                () -> watches.remove(self[0]));
        self[0] = watch;
        watches.add(watch);
        if (closed) {
            watch.close();
            throw new IllegalStateException("the registry is closed");
        }
        watch.start(connection.firstAnswer(options.connectionTimeout()));
        return watch;
    }

    /**
     * Ends every subscription, deletes the nodes registered through this registry and, when the registry built its
     * own Curator client, closes it. Idempotent.
     */
    @Override
    public void close() {
        List<Registration> open;
        synchronized (registrations) {
            if (closed) {
                return;
            }
            closed = true;
            open = new ArrayList<>(registrations.values());
            registrations.clear();
        }
        new ArrayList<>(watches).forEach(ProviderWatch::close);
        open.forEach(this::closeBounded);
        events.shutdown();
        connection.close();
        if (ownsClient) {
            client.close();
        }
    }

    private void ensureOpen() {
        if (closed) {
            throw new IllegalStateException("the registry is closed");
        }
    }

    private void closeBounded(Registration registration) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        Thread closer = new Thread(() -> {
            try {
                registration.close();
                done.complete(null);
            } catch (RuntimeException e) {
                done.completeExceptionally(e);
            }
        }, "brisk-zookeeper-unregister");
        closer.setDaemon(true);
        closer.start();
        try {
            done.get(connection.firstAnswer(options.connectionTimeout()).toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (TimeoutException e) {
            System.getLogger("dev.brisk.rpc.zookeeper").log(System.Logger.Level.WARNING, "ZooKeeper has not deleted "
                    + registration.path() + " yet; it goes once ZooKeeper answers or the session ends");
        } catch (ExecutionException e) {
            throw (RuntimeException) e.getCause();
        }
    }

    /** Builds a {@link ZooKeeperRegistry}; each setter's Javadoc gives its default. */
    public static final class Builder {

        private final ZooKeeperRegistryOptions.Builder options = ZooKeeperRegistryOptions.builder();
        private CuratorFramework curator;

        private Builder() {
        }

        /** The ZooKeeper ensemble, {@code host:port} pairs separated by commas; required unless {@link #curator}. */
        public Builder connectString(String connectString) {
            options.connectString(connectString);
            return this;
        }

        /** The top node, one path element; default {@code brisk}. */
        public Builder namespace(String namespace) {
            options.namespace(namespace);
            return this;
        }

        /** How long ZooKeeper keeps a silent session (and its providers); default 30 s. */
        public Builder sessionTimeout(Duration sessionTimeout) {
            options.sessionTimeout(sessionTimeout);
            return this;
        }

        /** How long an operation waits for a connection, and register/subscribe for a first answer; default 15 s. */
        public Builder connectionTimeout(Duration connectionTimeout) {
            options.connectionTimeout(connectionTimeout);
            return this;
        }

        /** The first pause of the exponential backoff between retries; default 1 s. */
        public Builder retryBaseSleep(Duration retryBaseSleep) {
            options.retryBaseSleep(retryBaseSleep);
            return this;
        }

        /** The longest pause between retries; default 30 s. */
        public Builder retryMaxSleep(Duration retryMaxSleep) {
            options.retryMaxSleep(retryMaxSleep);
            return this;
        }

        /** Retries of a failed operation, within [0, 29]; default 3. */
        public Builder retryMaxAttempts(int retryMaxAttempts) {
            options.retryMaxAttempts(retryMaxAttempts);
            return this;
        }

        /** Takes every option from {@code options}. */
        public Builder options(ZooKeeperRegistryOptions options) {
            Objects.requireNonNull(options, "options must not be null");
            this.options.connectString(options.connectString()).namespace(options.namespace())
                    .sessionTimeout(options.sessionTimeout()).connectionTimeout(options.connectionTimeout())
                    .retryBaseSleep(options.retryBaseSleep()).retryMaxSleep(options.retryMaxSleep())
                    .retryMaxAttempts(options.retryMaxAttempts());
            return this;
        }

        /**
         * Uses the application's started Curator client instead of building one (its own timeouts and retry policy
         * then apply, and the registry does not close it); paths lie under the client's namespace, if it has one.
         */
        public Builder curator(CuratorFramework curator) {
            this.curator = Objects.requireNonNull(curator, "curator must not be null");
            return this;
        }

        /** The options as set so far, validated. */
        public ZooKeeperRegistryOptions options() {
            return options.build();
        }

        /**
         * Builds the registry and, without a given client, starts its own (connecting in the background).
         *
         * @throws IllegalArgumentException when an option is invalid
         * @throws IllegalStateException    without a connect string or a client, or with a client not started
         */
        public ZooKeeperRegistry build() {
            ZooKeeperRegistryOptions built = options.build();
            if (curator != null) {
                if (curator.getState() != CuratorFrameworkState.STARTED) {
                    throw new IllegalStateException("the CuratorFramework must be started, it is "
                            + curator.getState());
                }
                return new ZooKeeperRegistry(built, curator, false);
            }
            if (built.connectString().isEmpty()) {
                throw new IllegalStateException("a ZooKeeper registry needs connectString(...) or curator(...)");
            }
            CuratorFramework client = CuratorFrameworkFactory.builder()
                    .connectString(built.connectString())
                    .sessionTimeoutMs((int) built.sessionTimeout().toMillis())
                    .connectionTimeoutMs((int) built.connectionTimeout().toMillis())
                    .retryPolicy(new ExponentialBackoffRetry((int) built.retryBaseSleep().toMillis(),
                            built.retryMaxAttempts(), (int) built.retryMaxSleep().toMillis()))
                    .build();
            client.start();
            return new ZooKeeperRegistry(built, client, true);
        }
    }
}
