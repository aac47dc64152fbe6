package dev.brisk.http.internal;

import dev.brisk.http.ServerMetrics;
import dev.brisk.http.common.Protocol;
import io.netty.channel.Channel;
import io.netty.util.AttributeKey;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/** Counts connections and requests, enforces the connection limit, and knows every open connection for shutdown. */
public final class ConnectionTracker implements ServerMetrics {

    private static final AttributeKey<Protocol> PROTOCOL = AttributeKey.valueOf("brisk.protocol");

    private final int maxConnections;
    private final AtomicInteger open = new AtomicInteger();
    private final LongAdder accepted = new LongAdder();
    private final LongAdder http1 = new LongAdder();
    private final LongAdder http2 = new LongAdder();
    private final LongAdder http3 = new LongAdder();
    private final LongAdder requests = new LongAdder();
    private final LongAdder inFlight = new LongAdder();
    private final LongAdder bufferRefusals = new LongAdder();
    private final Set<Channel> channels = ConcurrentHashMap.newKeySet();

    public ConnectionTracker(int maxConnections) {
        this.maxConnections = maxConnections;
    }

    /** Admits a new connection unless the limit is reached. */
    public boolean tryOpen(Channel channel) {
        while (true) {
            int current = open.get();
            if (current >= maxConnections) {
                return false;
            }
            if (open.compareAndSet(current, current + 1)) {
                accepted.increment();
                channels.add(channel);
                channel.closeFuture().addListener(f -> {
                    channels.remove(channel);
                    open.decrementAndGet();
                });
                return true;
            }
        }
    }

    /**
     * The connection now speaks {@code protocol} (also after an h2c upgrade); counted until it closes. An HTTP/3
     * connection is a QUIC connection, counted like a TCP one.
     */
    public void protocolSelected(Channel channel, Protocol protocol) {
        Protocol previous = channel.attr(PROTOCOL).getAndSet(protocol);
        if (previous == null) {
            channel.closeFuture().addListener(f -> counter(channel.attr(PROTOCOL).get()).decrement());
        } else {
            counter(previous).decrement();
        }
        counter(protocol).increment();
    }

    private LongAdder counter(Protocol protocol) {
        return protocol == Protocol.HTTP_2 ? http2 : protocol == Protocol.HTTP_3 ? http3 : http1;
    }

    public void requestStarted() {
        requests.increment();
        inFlight.increment();
    }

    public void requestEnded() {
        inFlight.decrement();
    }

    /** A stream (HTTP/2) or connection (HTTP/1.1) was given up: it held too much unsent response data. */
    public void bufferLimitRefused() {
        bufferRefusals.increment();
    }

    /** Every open connection. */
    public Set<Channel> channels() {
        return channels;
    }

    @Override
    public long openConnections(Protocol protocol) {
        return counter(protocol).sum();
    }

    @Override
    public long openConnections() {
        return open.get();
    }

    @Override
    public long connectionsAccepted() {
        return accepted.sum();
    }

    @Override
    public long requestsTotal() {
        return requests.sum();
    }

    @Override
    public long requestsInFlight() {
        return inFlight.sum();
    }

    @Override
    public long bufferLimitRefusals() {
        return bufferRefusals.sum();
    }
}
