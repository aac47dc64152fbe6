package dev.brisk.rpc.trust;

import dev.brisk.rpc.internal.ErrorCode;
import dev.brisk.rpc.internal.Frames;
import dev.brisk.rpc.internal.Handshake;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.Socket;
import java.util.Map;

/** A hand-written RPC connection: the hello, then request frames with whatever argument bytes an attacker chose. */
final class RawConnection implements AutoCloseable {

    /** One frame from the server. */
    record Answer(int type, int requestId, byte[] body) {

        boolean isError() {
            return type == Frames.ERROR;
        }

        ErrorCode code() {
            return ErrorCode.of(body[0] & 0xFF);
        }

        String errorType() {
            ByteBuf in = Unpooled.wrappedBuffer(body, 1, body.length - 1);
            return Frames.readString(in);
        }

        String message() {
            ByteBuf in = Unpooled.wrappedBuffer(body, 1, body.length - 1);
            Frames.readString(in);
            return Frames.readString(in);
        }

        @Override
        public String toString() {
            return isError() ? "error " + code() + " " + errorType() + ": " + message() : "frame of type " + type;
        }
    }

    private final Socket socket;
    private final DataInputStream in;
    private final DataOutputStream out;
    private final Map<String, Long> table;
    private int nextId = 1;

    private RawConnection(Socket socket, String serializer) throws IOException {
        this.socket = socket;
        socket.setSoTimeout(20_000);
        this.in = new DataInputStream(socket.getInputStream());
        this.out = new DataOutputStream(socket.getOutputStream());
        ByteBuf hello = Unpooled.buffer();
        hello.writeInt(Frames.PROTOCOL_VERSION);
        Frames.writeString(hello, serializer);
        send(Frames.HELLO, 0, bytes(hello));
        Answer answer = receive();
        if (answer.type() != Frames.HELLO) {
            throw new IOException("no hello: " + answer);
        }
        this.table = Handshake.readTable(Unpooled.wrappedBuffer(answer.body()));
    }

    static RawConnection open(int port, String serializer) throws IOException {
        return new RawConnection(new Socket("127.0.0.1", port), serializer);
    }

    /** Calls {@code signature} of {@code service} with {@code arguments} as the body, and waits for the answer. */
    Answer call(Class<?> service, String signature, byte[] arguments) throws IOException {
        Long ids = table.get(Handshake.key(service.getName(), signature));
        if (ids == null) {
            throw new IllegalArgumentException("no method " + signature + " in " + table.keySet());
        }
        ByteBuf body = Unpooled.buffer();
        body.writeInt((int) (ids >>> 32));
        body.writeInt((int) (long) ids);
        body.writeBytes(arguments);
        int id = nextId++;
        send(Frames.REQUEST, id, bytes(body));
        Answer answer = receive();
        if (answer.requestId() != id) {
            throw new IOException("answer to " + answer.requestId() + ", not " + id);
        }
        return answer;
    }

    private void send(byte type, int requestId, byte[] body) throws IOException {
        out.writeInt(5 + body.length);
        out.writeByte(type);
        out.writeInt(requestId);
        out.write(body);
        out.flush();
    }

    private Answer receive() throws IOException {
        int length = in.readInt();
        int type = in.readUnsignedByte() & Frames.TYPE_MASK;
        int requestId = in.readInt();
        byte[] body = new byte[length - 5];
        in.readFully(body);
        return new Answer(type, requestId, body);
    }

    private static byte[] bytes(ByteBuf buffer) {
        byte[] bytes = new byte[buffer.readableBytes()];
        buffer.readBytes(bytes);
        buffer.release();
        return bytes;
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
