package dev.brisk.http.internal.bootstrap;

import dev.brisk.http.HttpHandler;
import dev.brisk.http.ServerMetrics;
import dev.brisk.http.ServerOptions;
import dev.brisk.http.internal.DrainEvent;
import dev.brisk.http.internal.ServerContext;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * HTTP on connections another server accepted: the same per-connection set-up, limits, deadlines and drain as a
 * server of its own, without a listening socket or event loops.
 */
public final class SharedPortServer {

    private static final byte TLS_HANDSHAKE = 0x16;

    private final ServerContext context;
    private final ServerInitializer initializer;
    private volatile boolean stopped;

    public SharedPortServer(ServerOptions options, HttpHandler handler) {
        if (options.http3().enabled()) {
            throw new IllegalArgumentException("http3 needs a UDP socket of the server's own: a port shared with "
                    + "another server carries TCP only");
        }
        this.context = new ServerContext(options, handler,
                options.tls().map(tls -> ServerRuntime.sslContext(tls, options.http2())).orElse(null));
        this.initializer = new ServerInitializer(context);
    }

    public ServerOptions options() {
        return context.options();
    }

    public ServerMetrics metrics() {
        return context.tracker();
    }

    /**
     * Whether the first byte opens HTTP: a method token (upper-case letters, {@code PRI} of the HTTP/2 preface
     * included), or a TLS handshake when TLS is configured.
     */
    public boolean opens(ByteBuf opening) {
        byte first = opening.getByte(opening.readerIndex());
        return first >= 'A' && first <= 'Z' || context.sslContext() != null && first == TLS_HANDSHAKE;
    }

    /** Sets the connection up as the server's initializer would (TLS, HTTP/2 prior knowledge, HTTP/1.1). */
    public void open(Channel channel) {
        initializer.initChannel(channel);
    }

    /** Lets the connections finish their requests within {@code timeout}, then closes what is left. Idempotent. */
    public void shutdown(Duration timeout) {
        if (stopped) {
            return;
        }
        stopped = true;
        context.startDraining();
        long deadline = System.nanoTime() + timeout.toNanos();
        if (!timeout.isZero()) {
            for (Channel channel : context.tracker().channels()) {
                channel.pipeline().fireUserEventTriggered(DrainEvent.INSTANCE);
            }
            while (!context.tracker().channels().isEmpty() && System.nanoTime() < deadline) {
                try {
                    Thread.sleep(5);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        List<ChannelFuture> closing = new ArrayList<>();
        for (Channel channel : context.tracker().channels()) {
            closing.add(channel.close());
        }
        for (ChannelFuture future : closing) {
            future.awaitUninterruptibly(2, TimeUnit.SECONDS);
        }
        if (context.handler() instanceof AutoCloseable closeable) {
            try {
                closeable.close();
            } catch (Exception e) {
                context.logHandlerFailure("closing the handler", e);
            }
        }
    }
}
