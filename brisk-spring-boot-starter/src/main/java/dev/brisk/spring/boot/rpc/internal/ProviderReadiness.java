package dev.brisk.spring.boot.rpc.internal;

import dev.brisk.rpc.NoProviderException;
import dev.brisk.rpc.RpcClient;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.SmartLifecycle;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * With {@code brisk.rpc.client.await-providers} set, holds the start until every service referenced by
 * {@code @RpcReference} has that many providers connected, before the web server starts (so the application reports
 * neither live nor ready before its dependencies can answer), and fails the start naming the service when
 * {@code brisk.rpc.client.await-providers-timeout} passes first: one deadline for all of them.
 */
public final class ProviderReadiness implements SmartLifecycle {

    /** Before the web server starts. */
    public static final int PHASE = WebServerApplicationContext.START_STOP_LIFECYCLE_PHASE - 512;

    private static final System.Logger LOG = System.getLogger("dev.brisk.spring.boot.rpc");

    private final ConfigurableListableBeanFactory beans;
    private final RpcSettings.AwaitProviders await;
    private volatile boolean running;

    public ProviderReadiness(ConfigurableListableBeanFactory beans, RpcSettings.AwaitProviders await) {
        this.beans = beans;
        this.await = await;
    }

    @Override
    public void start() {
        running = true;
        List<Class<?>> references = references();
        if (await.count() <= 0 || references.isEmpty()) {
            return;
        }
        RpcClient client = beans.getBean(RpcClient.class);
        long deadline = System.nanoTime() + await.timeout().toNanos();
        for (Class<?> type : references) {
            Duration left = Duration.ofNanos(Math.max(0, deadline - System.nanoTime()));
            try {
                client.awaitProviders(type, await.count(), left);
            } catch (NoProviderException e) {
                throw new IllegalStateException("The RPC service " + type.getName() + " did not get the "
                        + await.count() + " provider(s) " + RpcSettings.AWAIT_PROVIDERS + " asks for within "
                        + RpcSettings.AWAIT_PROVIDERS_TIMEOUT + " (" + await.timeout() + "): " + e.getMessage(), e);
            }
        }
        LOG.log(System.Logger.Level.INFO, () -> "Brisk RPC references have " + await.count()
                + " provider(s) or more: " + references.stream().map(Class::getName).toList());
    }

    /** The service interfaces the proxies of {@code @RpcReference} points are made for. */
    private List<Class<?>> references() {
        List<Class<?>> types = new ArrayList<>();
        for (String name : beans.getBeanDefinitionNames()) {
            if (ReferencePoints.isBeanName(name)) {
                BeanDefinition definition = beans.getBeanDefinition(name);
                Class<?> type = definition.getResolvableType().resolve();
                if (type != null && !types.contains(type)) {   // one per interface, whatever versions they choose
                    types.add(type);
                }
            }
        }
        return types;
    }

    @Override
    public void stop() {
        running = false;
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    @Override
    public int getPhase() {
        return PHASE;
    }
}
