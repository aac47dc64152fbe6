package dev.brisk.rpc;

import dev.brisk.rpc.spi.ProviderInfo;
import dev.brisk.rpc.spi.Registry;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A registry in memory: a fixed list of addresses that offer every service (what {@code RpcClient.Builder.addresses}
 * uses), plus whatever servers of the same JVM register with it. Useful alone for static deployments and tests, and as
 * the model of what a registry does.
 */
public final class StaticRegistry implements Registry {

    private final List<String[]> fixed;
    private final Map<String, Map<String, ProviderInfo>> registered = new ConcurrentHashMap<>();
    private final Map<String, List<ProviderListener>> listeners = new ConcurrentHashMap<>();

    private StaticRegistry(List<String[]> fixed) {
        this.fixed = fixed;
    }

    /** A registry that starts empty. */
    public static StaticRegistry create() {
        return new StaticRegistry(List.of());
    }

    /**
     * A registry whose providers of every service are {@code addresses}: comma-separated {@code host:port} pairs
     * ({@code [v6]:port} for IPv6 literals).
     */
    public static StaticRegistry of(String addresses) {
        Objects.requireNonNull(addresses, "addresses must not be null");
        List<String[]> parsed = new ArrayList<>();
        for (String part : addresses.split(",")) {
            String address = part.trim();
            if (address.isEmpty()) {
                continue;
            }
            parsed.add(parse(address));
        }
        if (parsed.isEmpty()) {
            throw new IllegalArgumentException("addresses must name at least one host:port: '" + addresses + "'");
        }
        return new StaticRegistry(List.copyOf(parsed));
    }

    private static String[] parse(String address) {
        int colon = address.lastIndexOf(':');
        if (colon <= 0 || colon == address.length() - 1) {
            throw new IllegalArgumentException("address must be host:port: '" + address + "'");
        }
        String host = address.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        String port = address.substring(colon + 1);
        try {
            int value = Integer.parseInt(port);
            if (value < 1 || value > 65535) {
                throw new IllegalArgumentException("port must be within [1, 65535] in address '" + address + "'");
            }
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("port must be a number in address '" + address + "'");
        }
        return new String[] {host, port};
    }

    @Override
    public void register(ProviderInfo provider) {
        registered.computeIfAbsent(provider.service(), s -> new ConcurrentHashMap<>()).put(provider.address(), provider);
        notifyListeners(provider.service());
    }

    @Override
    public void unregister(ProviderInfo provider) {
        Map<String, ProviderInfo> providers = registered.get(provider.service());
        if (providers != null && providers.remove(provider.address()) != null) {
            notifyListeners(provider.service());
        }
    }

    @Override
    public Subscription subscribe(String service, ProviderListener listener) {
        Objects.requireNonNull(service, "service must not be null");
        Objects.requireNonNull(listener, "listener must not be null");
        List<ProviderListener> list = listeners.computeIfAbsent(service, s -> new CopyOnWriteArrayList<>());
        synchronized (listener) {
            list.add(listener);
            listener.providersChanged(providers(service));
        }
        return () -> list.remove(listener);
    }

    /** The providers of {@code service} now: the fixed addresses, then those registered. */
    public List<ProviderInfo> providers(String service) {
        List<ProviderInfo> result = new ArrayList<>();
        for (String[] address : fixed) {
            result.add(ProviderInfo.of(service, address[0], Integer.parseInt(address[1])));
        }
        Map<String, ProviderInfo> providers = registered.get(service);
        if (providers != null) {
            result.addAll(providers.values());
        }
        return List.copyOf(result);
    }

    private void notifyListeners(String service) {
        for (ProviderListener listener : listeners.getOrDefault(service, List.of())) {
            synchronized (listener) {
                listener.providersChanged(providers(service));
            }
        }
    }

    @Override
    public void close() {
        listeners.clear();
    }
}
