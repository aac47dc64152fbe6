package dev.brisk.transport.internal;

import dev.brisk.transport.Transport;
import dev.brisk.transport.Transports;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoop;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class BriskEventLoopTest {

    private static final int QUEUED_TASKS = 20_000;

    private MultiThreadIoEventLoopGroup group;
    private Channel server;

    @AfterEach
    void close() {
        if (server != null) {
            server.close().syncUninterruptibly();
        }
        if (group != null) {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        }
    }

    @ParameterizedTest
    @EnumSource(value = Transport.class, names = {"NIO", "EPOLL", "KQUEUE", "IO_URING"})
    void workFromAReadRunsRightAfterItsPassAheadOfTasksQueuedBefore(Transport transport) throws Exception {
        assumeTrue(Transports.isAvailable(transport), transport + " is not available here");
        group = Transports.newGroup(transport, 1, "loop-test", true);
        EventLoop loop = group.next();
        assertThat(loop).isInstanceOf(BriskEventLoop.class);

        AtomicInteger tasksRun = new AtomicInteger();
        CompletableFuture<Integer> tasksRunWhenHandedOver = new CompletableFuture<>();
        CompletableFuture<Boolean> acceptedInRead = new CompletableFuture<>();
        server = new ServerBootstrap().group(group).channel(Transports.serverChannel(transport))
                .childHandler(new ChannelInitializer<>() {
                    @Override
                    protected void initChannel(Channel channel) {
                        channel.pipeline().addLast(new ChannelInboundHandlerAdapter() {
                            @Override
                            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                                ((ByteBuf) msg).release();
                                if (acceptedInRead.isDone()) {
                                    return;
                                }
                                acceptedInRead.complete(Transports.runAfterIo(
                                        () -> tasksRunWhenHandedOver.complete(tasksRun.get())));
                            }
                        });
                    }
                }).bind(new InetSocketAddress("127.0.0.1", 0)).sync().channel();

        try (Socket client = new Socket("127.0.0.1", ((InetSocketAddress) server.localAddress()).getPort())) {
            // a burst of work from another thread, as responses written from workers are: it keeps the loop busy
            // far longer than a read pass, one task after the other
            CountDownLatch started = new CountDownLatch(1);
            for (int i = 0; i < QUEUED_TASKS; i++) {
                loop.execute(() -> {
                    started.countDown();
                    tasksRun.incrementAndGet();
                    long until = System.nanoTime() + 20_000;
                    while (System.nanoTime() < until) {
                        Thread.onSpinWait();
                    }
                });
            }
            assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
            OutputStream out = client.getOutputStream();
            out.write('x');
            out.flush();

            assertThat(acceptedInRead.get(10, TimeUnit.SECONDS)).isTrue();
            // read within a millisecond's share of tasks, and handed over before the rest of them
            assertThat(tasksRunWhenHandedOver.get(10, TimeUnit.SECONDS)).isLessThan(QUEUED_TASKS);
        }
    }

    @ParameterizedTest
    @EnumSource(value = Transport.class, names = {"NIO", "EPOLL"})
    void outsideAReadPassNothingIsTakenAndTheCallerQueuesItsTask(Transport transport) throws Exception {
        assumeTrue(Transports.isAvailable(transport), transport + " is not available here");
        group = Transports.newGroup(transport, 1, "loop-test", true);
        BriskEventLoop loop = (BriskEventLoop) group.next();

        assertThat(loop.runAfterIo(() -> { })).as("from another thread").isFalse();
        assertThat(Transports.runAfterIo(() -> { })).as("from a thread that is no event loop").isFalse();
        assertThat(loop.submit(() -> loop.runAfterIo(() -> { })).get(10, TimeUnit.SECONDS)).as("from a task")
                .isFalse();
    }
}
