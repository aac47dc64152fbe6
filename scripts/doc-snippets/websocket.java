import jakarta.websocket.*;
import jakarta.websocket.server.PathParam;
import jakarta.websocket.server.ServerEndpoint;

// What the blocks of docs/websocket.md assume.
abstract class DocContext {
    Filter authentication;

    static class ChatEndpoint {}
}
