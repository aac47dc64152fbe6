package dev.brisk.rpc.internal;

import dev.brisk.rpc.RpcServerOptions;
import dev.brisk.rpc.spi.Serializer;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/** What every connection of one server shares: services, serializer, limits, the open channels, the drain state. */
public final class ServerContext {

    private final RpcServerOptions options;
    private final List<ServerService> services;
    private final Serializer serializer;
    private final byte[] table;
    private final Set<Channel> channels = ConcurrentHashMap.newKeySet();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final LongAdder expiredCalls = new LongAdder();
    private final int acceptedRequestFlags;
    private volatile boolean draining;
    /** What hears of its calls, and what traces them; null for none. */
    private final Observers observer;
    private final CallTracing tracing;
    private final boolean observed;

    public ServerContext(RpcServerOptions options, List<ServerService> services, Serializer serializer) {
        this(options, services, serializer, null, null);
    }

    /** A server's context whose calls {@code observer} hears of and {@code tracing} traces, each null for none. */
    public ServerContext(RpcServerOptions options, List<ServerService> services, Serializer serializer,
                         Observers observer, CallTracing tracing) {
        this.observer = observer;
        this.tracing = tracing;
        this.observed = observer != null || tracing != null;
        this.options = options;
        this.services = List.copyOf(services);
        this.serializer = serializer;
        ByteBuf buffer = Unpooled.buffer();
        try {
            Handshake.writeTable(buffer, this.services,
                    options.wallClockDeadlines() ? Handshake.FEATURE_WALL_CLOCK_DEADLINE : 0, options.version(),
                    options.group());
            this.table = new byte[buffer.readableBytes()];
            buffer.readBytes(table);
        } finally {
            buffer.release();
        }
        this.acceptedRequestFlags = Frames.KNOWN_REQUEST_FLAGS
                | (options.wallClockDeadlines() ? Frames.FLAG_WALL_CLOCK_DEADLINE : 0);
    }

    public RpcServerOptions options() {
        return options;
    }

    public Serializer serializer() {
        return serializer;
    }

    public List<ServerService> services() {
        return services;
    }

    /** The invoker for a request's ids, {@code null} when there is none. */
    public MethodInvoker invoker(int serviceId, int methodId) {
        return serviceId >= 0 && serviceId < services.size() ? services.get(serviceId).invoker(methodId) : null;
    }

    /** The encoded service table, sent in answer to every hello. */
    public byte[] table() {
        return table;
    }

    /** The flags a request may carry to this server: the known ones, and those its hello offers. */
    public int acceptedRequestFlags() {
        return acceptedRequestFlags;
    }

    /** Counts a call answered "timeout" (or dropped, when one-way) without running: its deadline passed first. */
    public void expired() {
        expiredCalls.increment();
    }

    /** Calls not run because their deadline passed before a thread could start them. */
    public long expiredCalls() {
        return expiredCalls.sum();
    }

    public Set<Channel> channels() {
        return channels;
    }

    /** Calls accepted and not yet answered, over all connections. */
    public AtomicInteger inFlight() {
        return inFlight;
    }

    /** What hears of its calls; {@code null} for none. */
    public Observers observer() {
        return observer;
    }

    /** Whether anything hears of or traces its calls (a single test on the path of every call). */
    boolean observed() {
        return observed;
    }

    /** What traces its calls; {@code null} for none. */
    CallTracing tracing() {
        return tracing;
    }

    public boolean draining() {
        return draining;
    }

    public void startDraining() {
        draining = true;
    }
}
