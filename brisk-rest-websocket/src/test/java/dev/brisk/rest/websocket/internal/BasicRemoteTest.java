package dev.brisk.rest.websocket.internal;

import dev.brisk.http.WebSocketSession;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.reflect.Proxy;
import java.net.SocketTimeoutException;
import java.nio.channels.ClosedChannelException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The blocking remote's waits: written, failed, and a peer that never takes the frame. */
class BasicRemoteTest {

    private final List<String> closes = new CopyOnWriteArrayList<>();

    /** A session whose sends complete with {@code outcome}; closes are recorded. */
    private WebSocketSession session(CompletableFuture<Void> outcome) {
        return (WebSocketSession) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {WebSocketSession.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "sendText", "sendBinary" -> outcome;
                    case "close" -> {
                        closes.add(args == null ? "close" : args[0] + " " + args[1]);
                        yield CompletableFuture.completedFuture(null);
                    }
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }

    @Test
    void aWrittenSendReturns() throws Exception {
        new BasicRemote(session(CompletableFuture.completedFuture(null)), Duration.ofSeconds(30)).sendText("hi");
        assertThat(closes).isEmpty();
    }

    @Test
    void aFailedSendThrowsItsIoException() {
        BasicRemote remote = new BasicRemote(session(CompletableFuture.failedFuture(new ClosedChannelException())),
                Duration.ofSeconds(30));
        assertThatThrownBy(() -> remote.sendText("hi")).isInstanceOf(ClosedChannelException.class);
    }

    @Test
    void aSendThePeerNeverTakesTimesOutAndClosesTheSession() {
        BasicRemote remote = new BasicRemote(session(new CompletableFuture<>()), Duration.ofMillis(100));
        assertThatThrownBy(() -> remote.sendText("hi")).isInstanceOf(SocketTimeoutException.class)
                .isInstanceOf(IOException.class).hasMessageContaining("not reading");
        assertThat(closes).containsExactly("1001 send timed out");
    }
}
