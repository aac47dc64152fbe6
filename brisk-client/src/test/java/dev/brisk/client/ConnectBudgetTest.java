package dev.brisk.client;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import dev.brisk.http.HttpServer;
import dev.brisk.transport.TlsOptions;
import static org.assertj.core.api.Assertions.assertThat;

/** The connect timeout bounds the wait for a usable connection, and requestSent() says when nothing was sent. */
class ConnectBudgetTest extends ClientTestSupport {

    private final List<AutoCloseable> sockets = new ArrayList<>();

    @AfterEach
    void closeSockets() throws Exception {
        for (AutoCloseable socket : sockets) {
            socket.close();
        }
    }

    /** A port whose accept queue is full: further SYNs are dropped, so a connect hangs. */
    private int hangingPort() throws IOException {
        ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        sockets.add(listener);
        for (int i = 0; i < 8; i++) {
            Socket filler = new Socket();
            sockets.add(filler);
            try {
                filler.connect(listener.getLocalSocketAddress(), 200);
            } catch (SocketTimeoutException full) {
                break;
            }
        }
        return listener.getLocalPort();
    }

    /** A port that accepts connections and never says a word: a TLS handshake there hangs. */
    private int silentPort() throws IOException {
        ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        sockets.add(listener);
        List<Socket> accepted = new CopyOnWriteArrayList<>();
        Thread acceptor = new Thread(() -> {
            try {
                while (true) {
                    accepted.add(listener.accept());
                }
            } catch (IOException closed) {
                for (Socket socket : accepted) {
                    try {
                        socket.close();
                    } catch (IOException ignored) {
                        // closing anyway
                    }
                }
            }
        });
        acceptor.setDaemon(true);
        acceptor.start();
        return listener.getLocalPort();
    }

    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    @Test
    void theDefaultPolicyDoesNotRetryAConnectTimeout() throws Exception {
        int port = hangingPort();
        BriskClient client = client(clientBuilder().options(o -> o.connectTimeout(Duration.ofMillis(300))));

        Throwable failure = failure(client.get("http://127.0.0.1:" + port + "/").execute());

        assertThat(failure).isInstanceOf(ClientConnectTimeoutException.class).hasMessageContaining("300 ms")
                .hasMessageContaining("attempt 1");
        assertThat(((HttpClientException) failure).requestSent()).isFalse();
        assertThat(RetryPolicy.isSafeToRetry(client.get("http://h/").build(), failure)).isFalse();
    }

    @Test
    void aHandshakeThatHangsEndsWithinTheSameConnectTimeout() throws Exception {
        int port = silentPort();
        BriskClient client = client(clientBuilder().options(o -> o.connectTimeout(Duration.ofMillis(300)))
                .tls(TlsOptions.insecure()));

        Throwable failure = failure(client.get("https://127.0.0.1:" + port + "/").execute());

        assertThat(failure).isInstanceOf(ClientConnectTimeoutException.class).hasMessageContaining("300 ms")
                .hasMessageContaining("attempt 1");
    }

    @Test
    void aRetriedRefusedConnectNamesItsAttempt() throws Exception {
        int port = closedPort();

        Throwable failure = failure(client().get("http://127.0.0.1:" + port + "/").execute());

        assertThat(failure).isInstanceOf(ClientConnectException.class).hasMessageContaining("attempt 2");
    }

    @Test
    void aCallTimeoutWhileConnectingSaysNothingWasSent() throws Exception {
        int port = hangingPort();
        BriskClient client = client(clientBuilder().options(o -> o.connectTimeout(Duration.ofSeconds(30))
                .callTimeout(Duration.ofMillis(200))));

        Throwable failure = failure(client.get("http://127.0.0.1:" + port + "/").execute());

        assertThat(failure).isInstanceOf(CallTimeoutException.class).hasMessageContaining("before the request was sent");
        assertThat(((HttpClientException) failure).requestSent()).isFalse();
    }

    @Test
    void aCallTimeoutAfterTheRequestWasWrittenSaysItMayHaveBeenSent() throws Exception {
        CountDownLatch received = new CountDownLatch(1);
        HttpServer server = server(request -> received.countDown()); // never answers
        BriskClient client = client(clientBuilder().options(o -> o.callTimeout(Duration.ofMillis(300))));

        Throwable failure = failure(client.get(url(server, "/slow")).execute());

        assertThat(received.await(5, TimeUnit.SECONDS)).isTrue();
        assertThat(failure).isInstanceOf(CallTimeoutException.class);
        assertThat(((HttpClientException) failure).requestSent()).isTrue();
    }

    @Test
    void aClosedClientAndAnUnsupportedSchemeSendNothing() {
        BriskClient closed = client();
        closed.close();

        Throwable afterClose = failure(closed.get("http://127.0.0.1:1/").execute());
        Throwable ftp = failure(client().get("ftp://127.0.0.1/file").execute());

        assertThat(afterClose).isInstanceOf(HttpClientException.class).hasMessageContaining("closed");
        assertThat(((HttpClientException) afterClose).requestSent()).isFalse();
        assertThat(ftp).isInstanceOf(HttpClientException.class).hasMessageContaining("unsupported scheme");
        assertThat(((HttpClientException) ftp).requestSent()).isFalse();
    }

    @Test
    void anInterruptedSendSaysWhetherTheRequestWentOut() throws Exception {
        int port = hangingPort();
        CountDownLatch received = new CountDownLatch(1);
        HttpServer server = server(request -> received.countDown()); // never answers
        BriskClient client = client(clientBuilder().options(o -> o.connectTimeout(Duration.ofSeconds(30))));

        HttpClientException whileConnecting = interruptedSend(client, "http://127.0.0.1:" + port + "/", null);
        HttpClientException afterWriting = interruptedSend(client, url(server, "/held"), received);

        assertThat(whileConnecting.getMessage()).contains("interrupted");
        assertThat(whileConnecting.requestSent()).isFalse();
        assertThat(afterWriting.requestSent()).isTrue();
    }

    private static HttpClientException interruptedSend(BriskClient client, String url, CountDownLatch ready)
            throws Exception {
        CompletableFuture<HttpClientException> thrown = new CompletableFuture<>();
        Thread caller = new Thread(() -> {
            try {
                client.get(url).send();
                thrown.completeExceptionally(new AssertionError("expected an interrupt"));
            } catch (HttpClientException e) {
                thrown.complete(e);
            }
        });
        caller.start();
        if (ready != null) {
            assertThat(ready.await(5, TimeUnit.SECONDS)).isTrue();
        } else {
            Thread.sleep(200); // the call is connecting: the port never accepts
        }
        caller.interrupt();
        return thrown.get(5, TimeUnit.SECONDS);
    }
}
