package dev.brisk.micrometer.rpc;

import dev.brisk.rpc.observe.ClientCallEnded;
import dev.brisk.rpc.observe.ProviderChange;
import dev.brisk.rpc.observe.RpcClientView;
import dev.brisk.rpc.observe.RpcObserver;
import dev.brisk.rpc.observe.RpcOutcome;
import dev.brisk.rpc.observe.RpcServerView;
import dev.brisk.rpc.observe.ServerCallEnded;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.ToIntFunction;

/**
 * Micrometer meters of Brisk RPC clients and servers, named after OpenTelemetry's RPC semantic conventions. Install
 * it on both builders (one instance may serve several clients and servers; their gauges add up):
 *
 * <pre>{@code
 * BriskRpcMetrics metrics = BriskRpcMetrics.of(registry);
 * RpcServer server = RpcServer.builder().service(UserService.class, impl).observer(metrics).start();
 * RpcClient client = RpcClient.builder().addresses("10.0.0.1:9000").observer(metrics).build();
 * }</pre>
 *
 * <p>Timers are tagged {@code service} and {@code method}, calls also {@code outcome} ({@code SUCCESS},
 * {@code SERVICE_ERROR}: the service threw, {@code FAILURE}: no answer from it) and {@code exception} (the simple
 * class name, {@code none} on success):
 * <ul>
 *   <li>{@value #CLIENT_CALLS}: calls made, from start to end across retries, also tagged {@code provider}
 *   ({@code host:port} answering or last tried, {@code none}) unless {@link RpcMetricsOptions#providerTag()} is off;
 *   </li>
 *   <li>{@value #CLIENT_RETRIED}: a counter of calls sent to more than one provider (retried or failed over);</li>
 *   <li>{@value #SERVER_CALLS}: calls answered, from the request's arrival to its answer;</li>
 *   <li>{@value #SERVER_QUEUE}: how long admitted calls waited for a thread;</li>
 *   <li>gauges {@value #CLIENT_ACTIVE}, {@value #SERVER_ACTIVE} (calls in flight) and {@value #SERVER_CONNECTIONS};
 *   </li>
 *   <li>{@value #EJECTIONS}: a counter of providers ejected as outliers, tagged {@code service} and
 *   {@code provider}; gauges {@value #PROVIDERS} and {@value #EJECTED}, tagged {@code service}.</li>
 * </ul>
 * The meters of a provider (those tagged {@code provider}) are removed once it has left every client that knew it,
 * so providers that come and go do not pile up series.
 */
public final class BriskRpcMetrics implements RpcObserver {

    /** Timer of the calls clients made. */
    public static final String CLIENT_CALLS = "rpc.client.calls";
    /** Counter of client calls sent to more than one provider. */
    public static final String CLIENT_RETRIED = "rpc.client.calls.retried";
    /** Gauge of client calls awaiting an answer. */
    public static final String CLIENT_ACTIVE = "rpc.client.calls.active";
    /** Counter of providers ejected. */
    public static final String EJECTIONS = "rpc.client.ejections";
    /** Gauge of the providers of a service. */
    public static final String PROVIDERS = "rpc.client.providers";
    /** Gauge of the providers of a service ejected now. */
    public static final String EJECTED = "rpc.client.providers.ejected";
    /** Timer of the calls servers answered. */
    public static final String SERVER_CALLS = "rpc.server.calls";
    /** Timer of the wait of server calls for a thread. */
    public static final String SERVER_QUEUE = "rpc.server.queue.wait";
    /** Gauge of server calls admitted and not yet answered. */
    public static final String SERVER_ACTIVE = "rpc.server.calls.active";
    /** Gauge of open RPC connections of servers. */
    public static final String SERVER_CONNECTIONS = "rpc.server.connections";

    private static final String NONE = "none";

    private final MeterRegistry registry;
    private final RpcMetricsOptions options;
    private final double[] percentiles;
    private final Set<RpcClientView> clients = ConcurrentHashMap.newKeySet();
    private final Set<RpcServerView> servers = ConcurrentHashMap.newKeySet();
    /** How many clients know each provider of each service ({@code service + '\0' + provider}). */
    private final Map<String, Integer> providers = new ConcurrentHashMap<>();
    private final Set<String> servicesGauged = ConcurrentHashMap.newKeySet();
    /**
     * The timers by what tells them apart, so that a call finds its timer with one lookup instead of building tags and
     * a meter id; a provider's entries go with its meters.
     */
    private final Map<TimerKey, Timer> timers = new ConcurrentHashMap<>();

    /** One timer: its name, service, method, outcome (null: none), exception class name and provider ("": none). */
    private record TimerKey(String name, String service, String method, RpcOutcome outcome, String errorType,
                            String provider) {
    }

    private BriskRpcMetrics(MeterRegistry registry, RpcMetricsOptions options) {
        this.registry = registry;
        this.options = options;
        this.percentiles = options.percentiles().stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** Metrics with the default {@link RpcMetricsOptions}, registering their meters in {@code registry}. */
    public static BriskRpcMetrics of(MeterRegistry registry) {
        return of(registry, RpcMetricsOptions.DEFAULT);
    }

    /** Metrics measuring as {@code options} say, registering their meters in {@code registry}. */
    public static BriskRpcMetrics of(MeterRegistry registry, RpcMetricsOptions options) {
        return new BriskRpcMetrics(Objects.requireNonNull(registry, "registry must not be null"),
                Objects.requireNonNull(options, "options must not be null"));
    }

    @Override
    public void clientOpened(RpcClientView client) {
        clients.add(client);
        gauge(CLIENT_ACTIVE, "Calls of RPC clients awaiting an answer", RpcClientView::callsInFlight, clients);
    }

    @Override
    public void clientClosed(RpcClientView client) {
        clients.remove(client);
    }

    @Override
    public void serverStarted(RpcServerView server) {
        servers.add(server);
        gauge(SERVER_ACTIVE, "Calls of RPC servers admitted and not yet answered", RpcServerView::callsInFlight,
                servers);
        gauge(SERVER_CONNECTIONS, "Open connections of RPC servers", RpcServerView::connections, servers);
    }

    @Override
    public void serverStopped(RpcServerView server) {
        servers.remove(server);
    }

    private <V> void gauge(String name, String description, ToIntFunction<V> count, Set<V> views) {
        Gauge.builder(name, views, all -> sum(all, count)).description(description).strongReference(true)
                .register(registry);
    }

    private static <V> double sum(Set<V> views, ToIntFunction<V> count) {
        long sum = 0;
        for (V view : views) {
            sum += count.applyAsInt(view);
        }
        return sum;
    }

    @Override
    public void clientCallEnded(ClientCallEnded call) {
        String provider = !options.providerTag() ? "" : call.provider().isEmpty() ? NONE : call.provider();
        TimerKey key = new TimerKey(CLIENT_CALLS, call.service(), call.method(), call.outcome(), call.errorType(),
                provider);
        Timer timer = timers.get(key);
        if (timer == null) {
            timer = register(key, "Calls of RPC clients, retries included");
            if (!provider.isEmpty() && !provider.equals(NONE) && !providers.containsKey(key(call.service(), provider))) {
                // a call that ended after its provider left: its series would outlive the provider
                timer.record(call.elapsedNanos(), TimeUnit.NANOSECONDS);
                registry.remove(timer);
                return;
            }
            timers.putIfAbsent(key, timer);
        }
        timer.record(call.elapsedNanos(), TimeUnit.NANOSECONDS);
        if (call.retried()) {
            Counter.builder(CLIENT_RETRIED).description("Calls of RPC clients sent to more than one provider")
                    .tag("service", call.service()).tag("method", call.method()).register(registry).increment();
        }
    }

    @Override
    public void serverCallEnded(ServerCallEnded call) {
        timer(new TimerKey(SERVER_CALLS, call.service(), call.method(), call.outcome(), call.errorType(), ""),
                "Calls answered by RPC servers").record(call.elapsedNanos(), TimeUnit.NANOSECONDS);
        if (call.queuedNanos() >= 0) {
            timer(new TimerKey(SERVER_QUEUE, call.service(), call.method(), null, "", ""),
                    "Wait of RPC server calls for a thread").record(call.queuedNanos(), TimeUnit.NANOSECONDS);
        }
    }

    private Timer timer(TimerKey key, String description) {
        Timer timer = timers.get(key);
        return timer != null ? timer : timers.computeIfAbsent(key, k -> register(k, description));
    }

    private Timer register(TimerKey key, String description) {
        Timer.Builder builder = Timer.builder(key.name()).description(description).tag("service", key.service())
                .tag("method", key.method()).publishPercentileHistogram(options.percentileHistogram());
        if (key.outcome() != null) {
            builder.tag("outcome", key.outcome().name()).tag("exception", simpleName(key.errorType()));
        }
        if (!key.provider().isEmpty()) {
            builder.tag("provider", key.provider());
        }
        if (percentiles.length > 0) {
            builder.publishPercentiles(percentiles);
        }
        return builder.register(registry);
    }

    @Override
    public void providerChanged(ProviderChange change) {
        String service = change.service();
        switch (change.kind()) {
            case JOINED -> {
                if (providers.merge(key(service, change.provider()), 1, Integer::sum) == 1) {
                    // a timer cached by a call racing with the provider's last departure is not the registry's
                    forgetTimers(service, change.provider());
                }
                if (servicesGauged.add(service)) {
                    serviceGauge(PROVIDERS, "Providers of the service known to RPC clients", service,
                            client -> client.providers(service));
                    serviceGauge(EJECTED, "Providers of the service ejected as outliers by RPC clients", service,
                            client -> client.ejectedProviders(service));
                }
            }
            case LEFT -> {
                Integer left = providers.computeIfPresent(key(service, change.provider()),
                        (key, count) -> count > 1 ? count - 1 : null);
                if (left == null) {
                    removeProviderMeters(service, change.provider());
                }
            }
            case EJECTED -> Counter.builder(EJECTIONS).description("Providers ejected as outliers by RPC clients")
                    .tag("service", service).tag("provider", change.provider()).register(registry).increment();
            case RESTORED -> {
                // the ejected gauge reads the clients' state
            }
        }
    }

    private void serviceGauge(String name, String description, String service, ToIntFunction<RpcClientView> count) {
        Gauge.builder(name, clients, all -> sum(all, count)).description(description).tag("service", service)
                .strongReference(true).register(registry);
    }

    private void forgetTimers(String service, String provider) {
        timers.keySet().removeIf(key -> key.provider().equals(provider) && key.service().equals(service));
    }

    private void removeProviderMeters(String service, String provider) {
        forgetTimers(service, provider);
        for (String name : new String[] {CLIENT_CALLS, EJECTIONS}) {
            for (Meter meter : registry.find(name).tag("service", service).tag("provider", provider).meters()) {
                registry.remove(meter);
            }
        }
    }

    private static String key(String service, String provider) {
        return service + '\0' + provider;
    }

    /** {@code IllegalStateException} for {@code java.lang.IllegalStateException}, {@code none} for none. */
    static String simpleName(String className) {
        if (className.isEmpty()) {
            return NONE;
        }
        int start = Math.max(className.lastIndexOf('.'), className.lastIndexOf('$')) + 1;
        return start < className.length() ? className.substring(start) : className;
    }
}
