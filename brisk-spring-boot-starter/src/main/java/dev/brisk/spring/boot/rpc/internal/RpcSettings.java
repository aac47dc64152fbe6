package dev.brisk.spring.boot.rpc.internal;

import dev.brisk.rpc.RpcClient;
import dev.brisk.rpc.RpcClientOptions;
import dev.brisk.rpc.RpcServer;
import dev.brisk.rpc.RpcServerOptions;
import dev.brisk.spring.boot.internal.OptionsBinder;
import dev.brisk.spring.boot.internal.PropertyNameCheck;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.util.ClassUtils;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code brisk.rpc.*}: the server's options bound straight onto {@link RpcServerOptions.Builder} under
 * {@code brisk.rpc.server}, the client's onto {@link RpcClientOptions.Builder} under {@code brisk.rpc.client}, the
 * ZooKeeper registry's onto {@code ZooKeeperRegistryOptions.Builder} under {@code brisk.rpc.registry.zookeeper}
 * ({@link ZooKeeperSettings}), each setter a property of its name in kebab case; and the few that are not options of
 * one builder: {@code brisk.rpc.host}, {@code brisk.rpc.port} (the server's), {@code brisk.rpc.serializer} (both
 * sides'), {@code brisk.rpc.server.metadata.*}, {@code brisk.rpc.client.addresses} and the start's wait for providers,
 * {@code brisk.rpc.client.await-providers} and {@code .await-providers-timeout}. Every key under
 * {@code brisk.rpc} must be one of these: start-up fails naming the closest.
 */
public final class RpcSettings {

    /** Where the RPC properties live. */
    public static final String PREFIX = "brisk.rpc";

    static final String SERVER = PREFIX + ".server";
    static final String CLIENT = PREFIX + ".client";
    static final String HOST = PREFIX + ".host";
    static final String PORT = PREFIX + ".port";
    static final String SERIALIZER = PREFIX + ".serializer";
    static final String METADATA = SERVER + ".metadata";
    static final String ADDRESSES = CLIENT + ".addresses";
    static final String ZOOKEEPER = PREFIX + ".registry.zookeeper";
    static final String AWAIT_PROVIDERS = CLIENT + ".await-providers";
    static final String AWAIT_PROVIDERS_TIMEOUT = CLIENT + ".await-providers-timeout";

    /** How long the start waits for providers when {@code await-providers} is set and its timeout is not. */
    static final Duration DEFAULT_AWAIT_TIMEOUT = Duration.ofSeconds(30);

    private static final String ZOOKEEPER_REGISTRY = "dev.brisk.rpc.zookeeper.ZooKeeperRegistry";

    private static final OptionsBinder SERVER_OPTIONS = OptionsBinder.of(RpcServerOptions.Builder.class)
            .setElsewhere("host", HOST)
            .setElsewhere("port", PORT);

    private static final OptionsBinder CLIENT_OPTIONS = OptionsBinder.of(RpcClientOptions.Builder.class);

    private RpcSettings() {
    }

    /**
     * Fails when a key under {@code brisk.rpc} is none of its properties, or is a ZooKeeper one while
     * brisk-rpc-zookeeper is not on the class path of {@code loader}.
     */
    public static void verify(ConfigurableEnvironment environment, ClassLoader loader) {
        boolean zooKeeper = zooKeeperPresent(loader);
        if (!zooKeeper && Binder.get(environment).bind(ZOOKEEPER, Bindable.mapOf(String.class, Object.class))
                .isBound()) {
            throw new IllegalStateException(ZOOKEEPER + ".* is set, but dev.brisk:brisk-rpc-zookeeper is not on the"
                    + " class path: add it to have a ZooKeeper registry");
        }
        PropertyNameCheck.verifyGroup(environment, PREFIX, properties(zooKeeper).keySet(),
                SERVER_OPTIONS.elsewhere(SERVER), List.of(SERVER, CLIENT, ZOOKEEPER, PREFIX));
    }

    /**
     * A server builder with {@code brisk.rpc.*} on it; an invalid value fails naming its property.
     */
    public static RpcServer.Builder server(Binder binder) {
        RpcServer.Builder server = RpcServer.builder();
        server.options(options -> {
            SERVER_OPTIONS.bind(binder, SERVER, options);
            binder.bind(HOST, String.class).ifBound(options::host);
            binder.bind(PORT, Integer.class).ifBound(options::port);
            binder.bind(METADATA, Bindable.mapOf(String.class, String.class)).ifBound(options::metadata);
        });
        try {
            server.options();
        } catch (IllegalArgumentException e) {
            throw invalid(SERVER_OPTIONS, SERVER, e);
        }
        serializer(binder).ifPresent(server::serializer);
        return server;
    }

    /**
     * A client builder with {@code brisk.rpc.client.*} and {@code brisk.rpc.serializer} on it (not the addresses,
     * see {@link #addresses}); an invalid value fails naming its property.
     */
    public static RpcClient.Builder client(Binder binder) {
        RpcClient.Builder client = RpcClient.builder();
        client.options(options -> CLIENT_OPTIONS.bind(binder, CLIENT, options));
        try {
            client.options();
        } catch (IllegalArgumentException e) {
            throw invalid(CLIENT_OPTIONS, CLIENT, e);
        }
        serializer(binder).ifPresent(client::serializer);
        return client;
    }

    /** {@code brisk.rpc.client.addresses}: the fixed providers of every service, when set. */
    public static Optional<String> addresses(Binder binder) {
        return Optional.ofNullable(binder.bind(ADDRESSES, String.class).orElse(null)).map(String::trim)
                .filter(value -> !value.isEmpty());
    }

    /**
     * {@code brisk.rpc.client.await-providers} (0, the default, waits for none) and
     * {@code brisk.rpc.client.await-providers-timeout} (30 s); a negative count or timeout fails naming its property.
     */
    public static AwaitProviders awaitProviders(Binder binder) {
        int count = binder.bind(AWAIT_PROVIDERS, Integer.class).orElse(0);
        Duration timeout = binder.bind(AWAIT_PROVIDERS_TIMEOUT, Duration.class).orElse(DEFAULT_AWAIT_TIMEOUT);
        if (count < 0) {
            throw new IllegalStateException("Invalid " + AWAIT_PROVIDERS + ": must not be negative: " + count);
        }
        if (timeout.isNegative()) {
            throw new IllegalStateException("Invalid " + AWAIT_PROVIDERS_TIMEOUT + ": must not be negative: "
                    + timeout);
        }
        return new AwaitProviders(count, timeout);
    }

    /**
     * What the start waits for.
     *
     * @param count   providers each referenced service must have connected; 0 for no wait
     * @param timeout how long all of them may take together
     */
    public record AwaitProviders(int count, Duration timeout) {
    }

    private static Optional<String> serializer(Binder binder) {
        return Optional.ofNullable(binder.bind(SERIALIZER, String.class).orElse(null));
    }

    private static RuntimeException invalid(OptionsBinder options, String prefix, IllegalArgumentException e) {
        RuntimeException named = options.invalid(prefix, e);
        if (named != e) {
            return named;
        }
        String message = e.getMessage() == null ? "" : e.getMessage();
        for (String property : List.of(HOST, PORT)) {
            String option = property.substring(property.lastIndexOf('.') + 1);
            if (message.startsWith(option + " ")) {
                return new IllegalStateException("Invalid " + property + ": " + message, e);
            }
        }
        if (message.startsWith("metadata")) {
            return new IllegalStateException("Invalid " + METADATA + ": " + message, e);
        }
        return e;
    }

    /** Every property under {@code brisk.rpc}, with the type its metadata gives. */
    public static Map<String, String> properties() {
        return properties(zooKeeperPresent(RpcSettings.class.getClassLoader()));
    }

    private static Map<String, String> properties(boolean zooKeeper) {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put(HOST, String.class.getName());
        properties.put(PORT, Integer.class.getName());
        properties.put(SERIALIZER, String.class.getName());
        properties.putAll(SERVER_OPTIONS.properties(SERVER));
        properties.put(METADATA, "java.util.Map<java.lang.String,java.lang.String>");
        properties.putAll(CLIENT_OPTIONS.properties(CLIENT));
        properties.put(ADDRESSES, String.class.getName());
        properties.put(AWAIT_PROVIDERS, Integer.class.getName());
        properties.put(AWAIT_PROVIDERS_TIMEOUT, Duration.class.getName());
        if (zooKeeper) {
            properties.putAll(ZooKeeperSettings.properties());
        }
        return properties;
    }

    private static boolean zooKeeperPresent(ClassLoader loader) {
        return ClassUtils.isPresent(ZOOKEEPER_REGISTRY, loader);
    }
}
