package dev.brisk.client.internal;

import io.netty.channel.socket.DatagramChannel;
import io.netty.resolver.AbstractAddressResolver;
import io.netty.resolver.AddressResolver;
import io.netty.resolver.AddressResolverGroup;
import io.netty.util.NetUtil;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.Promise;

import java.lang.reflect.Method;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Name resolution that never blocks an event loop: Netty's asynchronous DNS resolver when netty-resolver-dns is on the
 * class path, otherwise the JDK resolver run on a small pool of daemon threads (IP literals resolve in place).
 */
final class DnsResolvers {

    private static final String DNS_GROUP = "io.netty.resolver.dns.DnsAddressResolverGroup";
    private static final String DNS_BUILDER = "io.netty.resolver.dns.DnsNameResolverBuilder";

    private DnsResolvers() {
    }

    /** The resolver group, and the executor to shut down with the client ({@code null} when none). */
    record Resolver(AddressResolverGroup<InetSocketAddress> group, ExecutorService executor) {
        void close() {
            group.close();
            if (executor != null) {
                executor.shutdownNow();
            }
        }
    }

    static Resolver create(Class<? extends DatagramChannel> datagramChannel) {
        AddressResolverGroup<InetSocketAddress> netty = nettyDns(datagramChannel);
        if (netty != null) {
            return new Resolver(netty, null);
        }
        AtomicInteger count = new AtomicInteger();
        ThreadPoolExecutor executor = new ThreadPoolExecutor(4, 4, 30, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
                task -> {
                    Thread thread = new Thread(task, "brisk-client-dns-" + count.incrementAndGet());
                    thread.setDaemon(true);
                    return thread;
                });
        executor.allowCoreThreadTimeOut(true);
        return new Resolver(new OffLoopResolverGroup(executor), executor);
    }

    /** Whether netty-resolver-dns is present. */
    static boolean nettyDnsPresent() {
        try {
            Class.forName(DNS_GROUP, false, DnsResolvers.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    @SuppressWarnings("unchecked")
    private static AddressResolverGroup<InetSocketAddress> nettyDns(Class<? extends DatagramChannel> datagramChannel) {
        if (!nettyDnsPresent()) {
            return null;
        }
        try {
            ClassLoader loader = DnsResolvers.class.getClassLoader();
            Class<?> builderClass = Class.forName(DNS_BUILDER, true, loader);
            Object builder = builderClass.getConstructor().newInstance();
            Method channelType;
            try {
                channelType = builderClass.getMethod("datagramChannelType", Class.class);
            } catch (NoSuchMethodException e) {
                channelType = builderClass.getMethod("channelType", Class.class); // before Netty 4.2
            }
            channelType.invoke(builder, datagramChannel);
            Class<?> groupClass = Class.forName(DNS_GROUP, true, loader);
            return (AddressResolverGroup<InetSocketAddress>) groupClass.getConstructor(builderClass)
                    .newInstance(builder);
        } catch (ReflectiveOperationException | LinkageError e) {
            return null;
        }
    }

    /** Runs the JDK's blocking lookup on its own threads and completes the promise on the channel's loop. */
    private static final class OffLoopResolverGroup extends AddressResolverGroup<InetSocketAddress> {
        private final ExecutorService executor;

        OffLoopResolverGroup(ExecutorService executor) {
            this.executor = executor;
        }

        @Override
        protected AddressResolver<InetSocketAddress> newResolver(EventExecutor loop) {
            return new OffLoopResolver(loop, executor);
        }
    }

    private static final class OffLoopResolver extends AbstractAddressResolver<InetSocketAddress> {
        private final ExecutorService executor;

        OffLoopResolver(EventExecutor loop, ExecutorService executor) {
            super(loop, InetSocketAddress.class);
            this.executor = executor;
        }

        @Override
        protected boolean doIsResolved(InetSocketAddress address) {
            return !address.isUnresolved();
        }

        @Override
        protected void doResolve(InetSocketAddress unresolved, Promise<InetSocketAddress> promise) {
            String host = unresolved.getHostString();
            byte[] literal = NetUtil.createByteArrayFromIpAddressString(host);
            if (literal != null) {
                try {
                    promise.setSuccess(new InetSocketAddress(InetAddress.getByAddress(host, literal),
                            unresolved.getPort()));
                } catch (UnknownHostException e) {
                    promise.setFailure(e);
                }
                return;
            }
            try {
                executor.execute(() -> {
                    try {
                        promise.trySuccess(new InetSocketAddress(InetAddress.getByName(host), unresolved.getPort()));
                    } catch (UnknownHostException e) {
                        promise.tryFailure(e);
                    } catch (RuntimeException e) {
                        promise.tryFailure(new UnknownHostException(host + ": " + e));
                    }
                });
            } catch (RejectedExecutionException e) {
                promise.tryFailure(new UnknownHostException(host + ": client closed"));
            }
        }

        @Override
        protected void doResolveAll(InetSocketAddress unresolved, Promise<List<InetSocketAddress>> promise) {
            executor.execute(() -> {
                try {
                    promise.trySuccess(Arrays.stream(InetAddress.getAllByName(unresolved.getHostString()))
                            .map(a -> new InetSocketAddress(a, unresolved.getPort())).toList());
                } catch (UnknownHostException e) {
                    promise.tryFailure(e);
                }
            });
        }
    }
}
