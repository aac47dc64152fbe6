package dev.brisk.spring.boot.rpc.internal;

import dev.brisk.rpc.RpcClient;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;

import java.util.Optional;

/**
 * The application's {@code RpcClient} if it was made already, never making it: the starter's is made on first use,
 * and an operator's look (health, the {@code rpc} endpoint) must not open connections an application never asked for.
 */
public final class ExistingRpcClient {

    private final ConfigurableListableBeanFactory beans;

    public ExistingRpcClient(ConfigurableListableBeanFactory beans) {
        this.beans = beans;
    }

    /** The client, when one exists. */
    public Optional<RpcClient> get() {
        for (String name : beans.getBeanNamesForType(RpcClient.class, true, false)) {
            if (beans.containsSingleton(name)) {
                return Optional.of(beans.getBean(name, RpcClient.class));
            }
        }
        return Optional.empty();
    }
}
