package dev.brisk.spring.boot.rpc.internal;

import dev.brisk.rpc.zookeeper.ZooKeeperRegistryOptions;
import dev.brisk.spring.boot.internal.OptionsBinder;
import org.springframework.boot.context.properties.bind.Binder;

import java.util.Map;

/**
 * {@code brisk.rpc.registry.zookeeper.*} bound onto {@link ZooKeeperRegistryOptions.Builder}
 * ({@code connect-string}, {@code namespace}, {@code session-timeout}...). Only loaded with brisk-rpc-zookeeper on the
 * class path.
 */
public final class ZooKeeperSettings {

    private static final OptionsBinder OPTIONS = OptionsBinder.of(ZooKeeperRegistryOptions.Builder.class);

    private ZooKeeperSettings() {
    }

    /** The registry's options; an invalid value fails naming its property. */
    public static ZooKeeperRegistryOptions options(Binder binder) {
        return OPTIONS.build(binder, RpcSettings.ZOOKEEPER, ZooKeeperRegistryOptions.builder(),
                ZooKeeperRegistryOptions.Builder::build);
    }

    /** Every property, with the type its metadata gives. */
    static Map<String, String> properties() {
        return OPTIONS.properties(RpcSettings.ZOOKEEPER);
    }
}
