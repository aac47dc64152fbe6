package dev.brisk.rpc;

import org.junit.jupiter.api.Test;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import java.util.List;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** One-way calls reach the service without an answer; failures stay on the server. */
class OneWayTest {

    /** Events sent without waiting. */
    public interface Events {

        @OneWay
        void record(String event);

        @OneWay
        void explode(String event);

        int count();
    }

    /** A one-way method must not return a value. */
    public interface Invalid {

        @OneWay
        String answer();
    }

    @Test
    void oneWayCallsArriveAndFailuresAreNotReported() throws Exception {
        BlockingQueue<String> received = new LinkedBlockingQueue<>();
        Events impl = new Events() {
            @Override
            public void record(String event) {
                received.add(event);
            }

            @Override
            public void explode(String event) {
                throw new IllegalStateException(event);
            }

            @Override
            public int count() {
                return received.size();
            }
        };
        try (RpcServer server = RpcServer.builder().host("127.0.0.1").service(Events.class, impl).start();
             RpcClient client = RpcClient.builder().addresses("127.0.0.1:" + server.port()).build()) {
            Events events = client.proxy(Events.class);
            events.record("first");
            events.explode("ignored");
            events.record("second");
            // calls spread over connections and worker threads: arrival order is not guaranteed
            String one = received.poll(10, TimeUnit.SECONDS);
            String two = received.poll(10, TimeUnit.SECONDS);
            assertThat(List.of(String.valueOf(one), String.valueOf(two)))
                    .containsExactlyInAnyOrder("first", "second");
            assertThat(events.count()).isZero();
        }
    }

    @Test
    void aOneWayMethodWithAResultIsRefusedAtStartup() {
        assertThatThrownBy(() -> RpcServer.builder().service(Invalid.class, () -> "x").start())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("must return void");
    }
}
