package dev.brisk.rest.websocket;

import dev.brisk.rest.Brisk;
import dev.brisk.rest.BriskServer;
import jakarta.websocket.Decoder;
import jakarta.websocket.OnError;
import jakarta.websocket.OnMessage;
import jakarta.websocket.Session;
import jakarta.websocket.server.ServerEndpoint;
import org.junit.jupiter.api.Test;

import java.util.Date;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Endpoint classes that use what is not supported are refused when the server starts, naming class and problem. */
class ServerEndpointValidationTest {

    /** Registers the endpoint and starts the server (closing it, should it start). */
    private static void startWith(Object endpoint) {
        try (BriskServer server = Brisk.server().port(0).host("127.0.0.1").controllers(endpoint).start()) {
            server.port();
        }
    }

    @Test
    void decodersAreRefused() {
        assertThatThrownBy(() -> startWith(new WithDecoder()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("WithDecoder")
                .hasMessageContaining("decoder");
    }

    @Test
    void partialMessagesAreRefused() {
        assertThatThrownBy(() -> startWith(new PartialText()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("PartialText")
                .hasMessageContaining("partial");
    }

    @Test
    void unsupportedParameterTypeIsRefused() {
        assertThatThrownBy(() -> startWith(new DateParameter()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("DateParameter")
                .hasMessageContaining("parameter");
    }

    @Test
    void twoTextHandlersAreRefused() {
        assertThatThrownBy(() -> startWith(new TwoTextHandlers()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("TwoTextHandlers")
                .hasMessageContaining("text");
    }

    @Test
    void aPathParamThePathDoesNotDeclareIsRefused() {
        assertThatThrownBy(() -> startWith(new UndeclaredPathParam()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("UndeclaredPathParam")
                .hasMessageContaining("@PathParam(\"user\")").hasMessageContaining("/rooms/{room}");
    }

    @ServerEndpoint("/rooms/{room}")
    public static class UndeclaredPathParam {
        @OnMessage
        public String echo(String text, @jakarta.websocket.server.PathParam("user") String user) {
            return text;
        }
    }

    @Test
    void aCallbackThatIsNotPublicIsRefusedRatherThanNeverCalled() {
        assertThatThrownBy(() -> startWith(new HiddenCallback()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("HiddenCallback")
                .hasMessageContaining("not public: echo");
    }

    @ServerEndpoint("/hidden")
    public static class HiddenCallback {
        @OnMessage
        String echo(String text) {
            return text;
        }
    }

    @Test
    void onErrorWithoutThrowableIsRefused() {
        assertThatThrownBy(() -> startWith(new ErrorWithoutThrowable()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("ErrorWithoutThrowable")
                .hasMessageContaining("Throwable");
    }

    public static class UpperDecoder implements Decoder.Text<String> {
        @Override
        public String decode(String s) {
            return s.toUpperCase();
        }

        @Override
        public boolean willDecode(String s) {
            return true;
        }
    }

    @ServerEndpoint(value = "/decoded", decoders = UpperDecoder.class)
    public static class WithDecoder {
        @OnMessage
        public String message(String text) {
            return text;
        }
    }

    @ServerEndpoint("/partial")
    public static class PartialText {
        @OnMessage
        public void part(String text, boolean last) {
        }
    }

    @ServerEndpoint("/date")
    public static class DateParameter {
        @OnMessage
        public void message(String text, Date when) {
        }
    }

    @ServerEndpoint("/two")
    public static class TwoTextHandlers {
        @OnMessage
        public void first(String text) {
        }

        @OnMessage
        public void second(String text, Session session) {
        }
    }

    @ServerEndpoint("/error")
    public static class ErrorWithoutThrowable {
        @OnMessage
        public void message(String text) {
        }

        @OnError
        public void error(Session session) {
        }
    }
}
