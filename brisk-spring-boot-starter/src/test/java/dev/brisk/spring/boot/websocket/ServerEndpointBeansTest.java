package dev.brisk.spring.boot.websocket;

import jakarta.websocket.OnMessage;
import jakarta.websocket.server.PathParam;
import jakarta.websocket.server.ServerEndpoint;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.stereotype.Component;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** Jakarta WebSocket endpoints that are Spring beans are served when brisk-rest-websocket is present. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        classes = ServerEndpointBeansTest.Application.class)
class ServerEndpointBeansTest {

    @Component
    static class Greeter {
        String greet(String name, String room) {
            return "hello " + name + " in " + room;
        }
    }

    /** Takes a Spring bean in its constructor, so its connections share this bean instance. */
    @Component
    @ServerEndpoint("/greet/{room}")
    public static class GreetingEndpoint {
        private final Greeter greeter;

        GreetingEndpoint(Greeter greeter) {
            this.greeter = greeter;
        }

        @OnMessage
        public String greet(String name, @PathParam("room") String room) {
            return greeter.greet(name, room);
        }
    }

    @SpringBootConfiguration
    @EnableAutoConfiguration
    @Import({Greeter.class, GreetingEndpoint.class})
    static class Application {
    }

    @LocalServerPort
    int port;

    @Test
    void anEndpointBeanAnswersWithTheBeansItWasGiven() throws Exception {
        BlockingQueue<String> received = new LinkedBlockingQueue<>();
        WebSocket webSocket = HttpClient.newHttpClient().newWebSocketBuilder()
                .buildAsync(URI.create("ws://127.0.0.1:" + port + "/greet/lobby"), new WebSocket.Listener() {
                    @Override
                    public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
                        received.add(data.toString());
                        ws.request(1);
                        return null;
                    }
                }).get(10, TimeUnit.SECONDS);
        webSocket.sendText("ann", true).get(10, TimeUnit.SECONDS);
        assertThat(received.poll(10, TimeUnit.SECONDS)).isEqualTo("hello ann in lobby");
        webSocket.sendClose(WebSocket.NORMAL_CLOSURE, "").get(10, TimeUnit.SECONDS);
    }
}
