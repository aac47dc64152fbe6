package dev.brisk.rpc.internal;

import dev.brisk.rpc.RpcException;
import dev.brisk.rpc.spi.ProviderInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/** The connections a client keeps to one provider address, shared by every service that provider offers. */
final class ProviderPool {

    /** Answers an average must be made of before the balancer compares it with others. */
    static final int TRUSTED_SAMPLES = 5;

    private final String host;
    private final int port;
    private final String address;
    private final List<ClientConnection> connections;
    private final AtomicInteger next = new AtomicInteger();
    private final ProviderHealth health;
    /** Since when it has owed an answer without giving any ({@code System.nanoTime()}), 0 when it owes none. */
    private final AtomicLong owedSince = new AtomicLong();
    private volatile int weight = ProviderInfo.DEFAULT_WEIGHT;
    /** What it said in its last hello, {@code null} before the first. */
    private volatile ProviderHello hello;
    /** Smooth weighted round robin state, guarded by the balancer. */
    int currentWeight;

    ProviderPool(ClientRuntime runtime, String host, int port, String address, int size) {
        this.host = host;
        this.port = port;
        this.address = address;
        this.health = new ProviderHealth(runtime.options());
        List<ClientConnection> list = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            list.add(new ClientConnection(runtime, this));
        }
        this.connections = List.copyOf(list);
    }

    void open() {
        connections.forEach(ClientConnection::connect);
    }

    String host() {
        return host;
    }

    int port() {
        return port;
    }

    String address() {
        return address;
    }

    List<ClientConnection> connections() {
        return connections;
    }

    /** The provider's weight as last registered. */
    int weight() {
        return weight;
    }

    void weight(int weight) {
        this.weight = weight;
    }

    /** What it said in its last hello (its methods, version and group), {@code null} before the first. */
    ProviderHello hello() {
        return hello;
    }

    void hello(ProviderHello hello) {
        this.hello = hello;
    }

    ProviderHealth health() {
        return health;
    }

    /** A ready connection, in turn; {@code null} when none is ready or the provider is ejected or offline. */
    ClientConnection pick() {
        return health.admits() ? nextReady() : null;
    }

    /**
     * A ready connection, in turn, whatever the provider's health; {@code null} when none is ready or the operator
     * took the provider offline.
     */
    ClientConnection ready() {
        return health.offline() ? null : nextReady();
    }

    private ClientConnection nextReady() {
        int size = connections.size();
        int start = next.getAndIncrement();
        for (int i = 0; i < size; i++) {
            ClientConnection connection = connections.get(Math.floorMod(start + i, size));
            if (connection.state() == ClientConnection.State.READY) {
                return connection;
            }
        }
        return null;
    }

    /** The ready connection with the fewest calls awaiting an answer, the next in turn among equals. */
    ClientConnection leastLoaded() {
        int size = connections.size();
        int start = next.getAndIncrement();
        ClientConnection best = null;
        int bestLoad = Integer.MAX_VALUE;
        for (int i = 0; i < size; i++) {
            ClientConnection connection = connections.get(Math.floorMod(start + i, size));
            if (connection.state() == ClientConnection.State.READY && connection.inFlight() < bestLoad) {
                best = connection;
                bestLoad = connection.inFlight();
            }
        }
        return best;
    }

    /** A call is about to be sent to it. */
    void sending(long now) {
        owedSince.compareAndSet(0, now);
    }

    /** A call to it ended: {@code answered} when the provider answered (a result or an error it sent). */
    void ended(boolean answered, long now) {
        if (inFlight() == 0) {
            owedSince.set(0);
        } else if (answered) {
            owedSince.set(now);
        }
    }

    /**
     * How it seems to answer now: its average answer time, or, when longer, how long it has owed an answer without
     * giving any (a provider that stopped answering looks slower by the millisecond, long before its calls time
     * out); {@code -1} when unknown. An average of fewer than {@value #TRUSTED_SAMPLES} answers is unknown: the first
     * answers of a provider carry its class loading and compilation, and trusting them would starve it of the calls
     * that would correct them.
     */
    double latency(long now) {
        double average = health.samples() < TRUSTED_SAMPLES ? -1 : health.latency(now);
        long since = owedSince.get();
        long silence = since == 0 ? 0 : now - since;
        return silence > 0 && silence > average && inFlight() > 0 ? silence : average;
    }

    /** Its connections that take calls now. */
    int readyConnections() {
        int ready = 0;
        for (ClientConnection connection : connections) {
            if (connection.state() == ClientConnection.State.READY) {
                ready++;
            }
        }
        return ready;
    }

    /** Calls awaiting an answer on all its connections. */
    int inFlight() {
        int inFlight = 0;
        for (ClientConnection connection : connections) {
            inFlight += connection.inFlight();
        }
        return inFlight;
    }

    /** Whether a connection is ready, whatever the provider's health; never while it is offline. */
    boolean connected() {
        if (health.offline()) {
            return false;
        }
        for (ClientConnection connection : connections) {
            if (connection.state() == ClientConnection.State.READY) {
                return true;
            }
        }
        return false;
    }

    /**
     * A connection has said hello: when it is the only one ready, the provider joined or came back (started, or
     * restarted) and warms up.
     */
    void connectionReady() {
        int ready = 0;
        for (ClientConnection connection : connections) {
            if (connection.state() == ClientConnection.State.READY) {
                ready++;
            }
        }
        if (ready == 1) {
            health.warmUp(System.nanoTime());
        }
    }

    /** Why the provider refused this client's hello (another serializer), or {@code null}. */
    RpcException refusal() {
        for (ClientConnection connection : connections) {
            if (connection.refusal() != null) {
                return connection.refusal();
            }
        }
        return null;
    }

    /**
     * Whether a connection may take a call soon: it is connecting or waiting to reconnect, or it has just become
     * ready (a call that found none ready a moment ago looks again rather than failing); never while the operator
     * has taken the provider offline.
     */
    boolean connecting() {
        if (health.offline()) {
            return false;
        }
        for (ClientConnection connection : connections) {
            ClientConnection.State state = connection.state();
            if (state == ClientConnection.State.CONNECTING
                    || state == ClientConnection.State.READY) {
                return true;
            }
        }
        return false;
    }

    /** Stops taking calls; connections close once their calls in flight are answered. */
    void retire() {
        connections.forEach(ClientConnection::retire);
    }

    void close() {
        connections.forEach(ClientConnection::close);
    }

    @Override
    public String toString() {
        return address;
    }
}
