package dev.brisk.rpc.internal;

import dev.brisk.rpc.NoProviderException;
import dev.brisk.rpc.RpcException;
import dev.brisk.rpc.UnknownMethodException;
import dev.brisk.rpc.spi.ProviderInfo;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.StringJoiner;

/**
 * The providers of a service that one proxy may send one method to: those its {@link ProviderSelection} accepts (by
 * the version and group they told in their hello, else by what the registry says of them) whose hello table has the
 * method. The list is built when the providers, or what one of them said in its hello, changed since it was last
 * built, and read as it is by every other call: no lock, no allocation. When every provider qualifies it is the
 * cluster's own list.
 */
final class MethodRoute {

    private record Snapshot(long routing, List<ProviderPool> providers) {
    }

    private final ClientRuntime runtime;
    private final Cluster cluster;
    private final MethodModel method;
    private final String key;
    private final ProviderSelection selection;
    private volatile Snapshot snapshot = new Snapshot(-1, List.of());

    MethodRoute(ClientRuntime runtime, Cluster cluster, MethodModel method, String key, ProviderSelection selection) {
        this.runtime = runtime;
        this.cluster = cluster;
        this.method = method;
        this.key = key;
        this.selection = selection;
    }

    Cluster cluster() {
        return cluster;
    }

    /** The {@link Handshake#key} of the method. */
    String key() {
        return key;
    }

    /** The providers that serve the method to this proxy, in the cluster's order. */
    List<ProviderPool> providers() {
        Snapshot current = snapshot;
        long routing = runtime.routing();
        if (current.routing == routing) {
            return current.providers;
        }
        // the count is read before the state it describes: a change made meanwhile counts again and rebuilds again
        List<ProviderPool> all = cluster.providers();
        List<ProviderPool> serving = null;
        for (int i = 0; i < all.size(); i++) {
            boolean serves = serves(all.get(i));
            if (!serves && serving == null) {
                serving = new ArrayList<>(all.subList(0, i));
            } else if (serves && serving != null) {
                serving.add(all.get(i));
            }
        }
        List<ProviderPool> providers = serving == null ? all : List.copyOf(serving);
        snapshot = new Snapshot(routing, providers);
        return providers;
    }

    private boolean serves(ProviderPool pool) {
        ProviderHello hello = pool.hello();
        return hello != null && hello.has(key) && selected(pool, hello);
    }

    private boolean selected(ProviderPool pool, ProviderHello hello) {
        if (hello != null && hello.labelled()) {
            return selection.accepts(hello.version(), hello.group());
        }
        ProviderInfo info = cluster.described(pool);
        return info != null ? selection.accepts(info.version(), info.group()) : selection.accepts("", "");
    }

    /**
     * Whether a provider not yet tried may still take the call: the registry has not reported the service's providers
     * yet, or a provider that serves the method is connecting, or one that has not said hello yet is connecting and
     * may serve it (the registry tells no version or group that rules it out).
     */
    boolean mayBecomeReady(Set<ProviderPool> tried) {
        if (!cluster.informed()) {
            return true;
        }
        for (ProviderPool pool : cluster.providers()) {
            if (tried.contains(pool) || !pool.connecting()) {
                continue;
            }
            ProviderHello hello = pool.hello();
            if (hello == null ? mayBeSelected(pool) : serves(pool)) {
                return true;
            }
        }
        return false;
    }

    private boolean mayBeSelected(ProviderPool pool) {
        ProviderInfo info = cluster.described(pool);
        boolean labelled = info != null && (!info.version().isEmpty() || !info.group().isEmpty());
        return !labelled || selection.accepts(info.version(), info.group());
    }

    /**
     * Why no provider takes the call when none may become ready: there is none, none the selection accepts, or those
     * that serve the method take no calls (taken offline: {@link NoProviderException}), or none of those offers the
     * service or has the method ({@link UnknownMethodException}); each names the providers with their versions.
     */
    RpcException unavailable() {
        List<ProviderPool> all = cluster.providers();
        String service = cluster.service();
        if (all.isEmpty()) {
            return new NoProviderException("no provider of " + service + " is available []");
        }
        List<ProviderPool> selected = new ArrayList<>();
        boolean offered = false;
        for (ProviderPool pool : all) {
            ProviderHello hello = pool.hello();
            if (selected(pool, hello)) {
                selected.add(pool);
                offered |= hello != null && hello.has(service);
            }
        }
        if (selected.isEmpty()) {
            return new NoProviderException("none of the " + all.size() + " providers of " + service + " has "
                    + selection + ": " + describe(all));
        }
        String which = count(selected.size()) + (selected.size() < all.size() ? " with " + selection : "");
        List<ProviderPool> serving = new ArrayList<>();
        for (ProviderPool pool : selected) {
            if (serves(pool)) {
                serving.add(pool);
            }
        }
        if (!serving.isEmpty()) {
            // they have the method, yet none took the call: the client took them out of rotation
            return new NoProviderException("the " + count(serving.size()) + " of " + service + " serving "
                    + method.signature() + " take no calls now: " + describe(serving));
        }
        if (!offered) {
            return new UnknownMethodException("the " + which + (selected.size() == 1 ? " does" : " do")
                    + " not offer service " + service + " (" + describe(selected) + ")");
        }
        return new UnknownMethodException(service + "." + method.signature() + " is served by none of its " + which
                + " (" + versions(selected) + "): they run a version without it; " + describe(selected));
    }

    private static String count(int providers) {
        return providers == 1 ? "1 provider" : providers + " providers";
    }

    private String versions(List<ProviderPool> pools) {
        StringJoiner versions = new StringJoiner(", ", "versions ", "");
        for (ProviderPool pool : pools) {
            String version = labels(pool)[0];
            versions.add(version.isEmpty() ? "none" : version);
        }
        return versions.toString();
    }

    /** "host:port version 2.1.0 group eu, host:port no version", as messages list providers. */
    String describe(List<ProviderPool> pools) {
        StringJoiner out = new StringJoiner(", ");
        for (ProviderPool pool : pools) {
            String[] labels = labels(pool);
            out.add(pool.address() + (labels[0].isEmpty() ? " no version" : " version " + labels[0])
                    + (labels[1].isEmpty() ? "" : " group " + labels[1])
                    + (pool.hello() == null ? " (not connected)" : "")
                    + (pool.health().offline() ? " (taken offline by this client)" : ""));
        }
        return out.toString();
    }

    /** {@code {version, group}} of a provider as its hello told them, else as the registry does. */
    private String[] labels(ProviderPool pool) {
        ProviderHello hello = pool.hello();
        if (hello != null && hello.labelled()) {
            return new String[] {hello.version(), hello.group()};
        }
        ProviderInfo info = cluster.described(pool);
        return info != null ? new String[] {info.version(), info.group()} : new String[] {"", ""};
    }
}
