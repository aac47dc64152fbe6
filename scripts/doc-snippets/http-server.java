import io.netty.buffer.ByteBuf;

// What the blocks of docs/http-server.md assume.
abstract class DocContext {
    HttpHandler handler;
    Path cert;
    Path key;
}
