package dev.brisk.rpc;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A trace id and the caller's deadline travel with each call, and onwards with the calls a service makes. */
class ContextTest {

    /** Reports the context it sees. */
    public interface Probe {

        String traceId();

        long remainingMillis();

        /** Sleeps, then reports whether it was interrupted. */
        void sleep(long millis);
    }

    /** Calls a {@link Probe} on another server. */
    public interface Relay {

        String relayedTraceId();

        long relayedRemainingMillis();
    }

    private final BlockingQueue<String> sleeps = new LinkedBlockingQueue<>();
    private RpcServer probeServer;
    private RpcServer relayServer;
    private RpcClient relayClient;
    private RpcClient client;

    @AfterEach
    void stop() {
        if (client != null) {
            client.close();
        }
        if (relayClient != null) {
            relayClient.close();
        }
        if (relayServer != null) {
            relayServer.close();
        }
        probeServer.close();
    }

    private void startProbe() {
        probeServer = RpcServer.builder().host("127.0.0.1").options(o -> o.methodTimeout(Duration.ZERO))
                .service(Probe.class, new Probe() {
                    @Override
                    public String traceId() {
                        return RpcContext.current().traceId().orElse("none");
                    }

                    @Override
                    public long remainingMillis() {
                        return RpcContext.current().remaining().map(Duration::toMillis).orElse(-1L);
                    }

                    @Override
                    public void sleep(long millis) {
                        try {
                            Thread.sleep(millis);
                            sleeps.add("slept");
                        } catch (InterruptedException e) {
                            sleeps.add("interrupted");
                        }
                    }
                }).start();
    }

    @Test
    void theTraceIdSetByTheCallerReachesTheService() throws Exception {
        startProbe();
        client = RpcClient.builder().addresses("127.0.0.1:" + probeServer.port()).build();
        Probe probe = client.proxy(Probe.class);
        assertThat(probe.traceId()).isEqualTo("none");
        assertThat(RpcContext.callWithTraceId("trace-ü-1", probe::traceId)).isEqualTo("trace-ü-1");
        assertThat(probe.traceId()).isEqualTo("none");
        assertThat(RpcContext.current().traceId()).isEmpty();
    }

    @Test
    void theServiceSeesTheTimeTheCallerStillWaits() {
        startProbe();
        client = RpcClient.builder().addresses("127.0.0.1:" + probeServer.port())
                .options(o -> o.callTimeout(Duration.ofSeconds(3))).build();
        assertThat(client.proxy(Probe.class).remainingMillis()).isBetween(1L, 3000L);
    }

    @Test
    void theServerStopsWorkingWhenTheCallerHasGivenUp() throws Exception {
        startProbe();
        client = RpcClient.builder().addresses("127.0.0.1:" + probeServer.port())
                .options(o -> o.callTimeout(Duration.ofMillis(300))).build();
        Probe probe = client.proxy(Probe.class);
        assertThatThrownBy(() -> probe.sleep(20_000)).isInstanceOf(RpcTimeoutException.class);
        assertThat(sleeps.poll(10, TimeUnit.SECONDS)).isEqualTo("interrupted");
    }

    @Test
    void traceIdAndDeadlineGoOnWithTheCallsAServiceMakes() throws Exception {
        startProbe();
        relayClient = RpcClient.builder().addresses("127.0.0.1:" + probeServer.port())
                .options(o -> o.callTimeout(Duration.ofSeconds(30))).build();
        Probe downstream = relayClient.proxy(Probe.class);
        relayServer = RpcServer.builder().host("127.0.0.1").service(Relay.class, new Relay() {
            @Override
            public String relayedTraceId() {
                return downstream.traceId();
            }

            @Override
            public long relayedRemainingMillis() {
                return downstream.remainingMillis();
            }
        }).start();
        client = RpcClient.builder().addresses("127.0.0.1:" + relayServer.port())
                .options(o -> o.callTimeout(Duration.ofSeconds(2))).build();
        Relay relay = client.proxy(Relay.class);
        assertThat(RpcContext.callWithTraceId("abc", relay::relayedTraceId)).isEqualTo("abc");
        assertThat(relay.relayedTraceId()).isEqualTo("none");
        assertThat(relay.relayedRemainingMillis()).as("at most what the first caller gave").isBetween(1L, 2000L);
    }
}
