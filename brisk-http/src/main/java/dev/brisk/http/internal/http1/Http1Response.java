package dev.brisk.http.internal.http1;

import dev.brisk.http.common.HttpStatus;
import dev.brisk.http.common.wire.ArrayHeaders;
import dev.brisk.http.internal.AbstractServerResponse;
import dev.brisk.http.internal.DateHeader;
import dev.brisk.http.internal.FileStreamer;
import dev.brisk.http.internal.StatusLines;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.DefaultFileRegion;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.util.AsciiString;

import dev.brisk.http.internal.websocket.WebSocketStart;
import io.netty.util.ReferenceCountUtil;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;

/**
 * A response on an HTTP/1.x connection. Encodes the head straight into one pooled buffer (small bodies are copied in
 * behind it, so the whole response is one write) and keeps its output back while earlier pipelined responses are
 * still being written.
 */
final class Http1Response extends AbstractServerResponse {

    /** Bodies up to this size are copied behind the head; larger ones are written as a second buffer. */
    private static final int COPY_THRESHOLD = 4096;
    private static final short COLON_SP = (short) ((':' << 8) | ' ');
    private static final short CRLF_SHORT = (short) (('\r' << 8) | '\n');
    private static final byte[] CONTENT_LENGTH_PREFIX = "content-length: ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] CONNECTION_CLOSE = "connection: close\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] CONNECTION_KEEP_ALIVE = "connection: keep-alive\r\n"
            .getBytes(StandardCharsets.US_ASCII);
    private static final byte[] CONNECTION_UPGRADE = "connection: upgrade\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] CHUNKED = "transfer-encoding: chunked\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] LAST_CHUNK = "0\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final AsciiString CONNECTION = AsciiString.cached("connection");
    private static final AsciiString TRANSFER_ENCODING = AsciiString.cached("transfer-encoding");

    private final Http1Connection connection;
    private final Http1Request request;
    private final boolean http10;
    boolean keepAlive;
    private boolean chunked;
    private ArrayDeque<Object> pending;
    private long pendingBytes;
    /** Writers waiting for this response to reach the front of the queue. */
    private ArrayDeque<CompletableFuture<Void>> turnWaiters;
    private boolean finished;
    boolean continueWanted;
    /** Set when this response is a {@code 101} switching the connection to WebSocket once it is written. */
    WebSocketStart webSocket;

    Http1Response(Http1Connection connection, Http1Request request, boolean keepAlive) {
        super(connection.channel(), request != null && request.method() == HttpMethod.HEAD);
        this.connection = connection;
        this.request = request;
        this.http10 = request == null ? false : request.head().http10;
        this.keepAlive = keepAlive;
    }

    Http1Request request() {
        return request;
    }

    boolean finished() {
        return finished;
    }

    @Override
    protected void sendWhole(ByteBuf body) {
        int length = body.readableBytes();
        boolean bodyAllowed = !HttpStatus.forbidsBody(status);
        boolean writeBody = !bodySuppressed() && length > 0;
        boolean copy = writeBody && length <= COPY_THRESHOLD;
        ByteBuf head = encodeHead(bodyAllowed ? length : -1, copy ? length : 0);
        if (!writeBody) {
            body.release();
            emit(head, true);
        } else if (copy) {
            head.writeBytes(body, body.readerIndex(), length);
            body.release();
            emit(head, true);
        } else {
            emit(head, false);
            emit(body, true);
        }
    }

    @Override
    protected void writeHead() {
        boolean bodyAllowed = !bodySuppressed();
        if (bodyAllowed && !headers.contains(CONTENT_LENGTH)) {
            if (http10) {
                keepAlive = false;
            } else {
                chunked = true;
            }
        }
        emit(encodeHead(-1, 0), false);
    }

    @Override
    protected void writeChunk(ByteBuf chunk) {
        int length = chunk.readableBytes();
        if (length == 0 || bodySuppressed()) {
            chunk.release();
            return;
        }
        if (!chunked) {
            emit(chunk, false);
            return;
        }
        if (length <= COPY_THRESHOLD) {
            ByteBuf out = channel.alloc().ioBuffer(length + 12);
            writeChunkSize(out, length);
            out.writeBytes(chunk, chunk.readerIndex(), length);
            out.writeShort(CRLF_SHORT);
            chunk.release();
            emit(out, false);
        } else {
            ByteBuf size = channel.alloc().ioBuffer(10);
            writeChunkSize(size, length);
            emit(size, false);
            emit(chunk, false);
            emit(Unpooled.wrappedBuffer(new byte[] {'\r', '\n'}), false);
        }
    }

    private static void writeChunkSize(ByteBuf out, int length) {
        out.writeCharSequence(Integer.toHexString(length), StandardCharsets.US_ASCII);
        out.writeShort(CRLF_SHORT);
    }

    @Override
    protected void writeEnd(ArrayHeaders trailers) {
        if (!chunked) {
            emit(Unpooled.EMPTY_BUFFER, true);
            return;
        }
        ByteBuf out = channel.alloc().ioBuffer(5 + trailers.size() * 32);
        out.writeBytes(LAST_CHUNK);
        writeFields(out, trailers);
        out.writeShort(CRLF_SHORT);
        emit(out, true);
    }

    /** Ends the response without a last chunk and closes the connection once earlier responses are written. */
    @Override
    protected void writeAbort(Throwable cause) {
        keepAlive = false;
        emit(Unpooled.EMPTY_BUFFER, true);
    }

    @Override
    protected void writeFile(Path file, long offset, long length, CompletableFuture<Void> result) {
        if (connection.tls() || headRequest) {
            streamFile(file, offset, length, result);
            return;
        }
        headers.set(CONTENT_LENGTH, Long.toString(length));
        emit(encodeHead(-1, 0), false);
        completion().whenComplete((v, e) -> {
            if (e != null) {
                result.completeExceptionally(e);
            } else {
                result.complete(null);
            }
        });
        emit(new DefaultFileRegion(file.toFile(), offset, length), true);
    }

    private void streamFile(Path file, long offset, long length, CompletableFuture<Void> result) {
        FileStreamer.start(this, file, offset, length, result);
    }

    /** Encodes status line and fields; {@code contentLength < 0} means none is added; reserves {@code extra}. */
    private ByteBuf encodeHead(long contentLength, int extra) {
        int size = 64 + extra;
        ArrayHeaders fields = headers;
        int count = fields.size();
        boolean userLength = false;
        for (int i = 0; i < count; i++) {
            CharSequence name = fields.nameAt(i);
            size += name.length() + fields.valueAt(i).length() + 4;
            if (name.length() == 14 && AsciiString.contentEqualsIgnoreCase(name, CONTENT_LENGTH)) {
                userLength = true;
            }
        }
        ByteBuf out = channel.alloc().ioBuffer(size);
        out.writeBytes(StatusLines.line(status, http10));
        for (int i = 0; i < count; i++) {
            CharSequence name = fields.nameAt(i);
            if (isManaged(name)) {
                continue;
            }
            writeAscii(out, name);
            out.writeShort(COLON_SP);
            writeAscii(out, fields.valueAt(i));
            out.writeShort(CRLF_SHORT);
        }
        if (!userLength && contentLength >= 0) {
            out.writeBytes(CONTENT_LENGTH_PREFIX);
            writeDecimal(out, contentLength);
            out.writeShort(CRLF_SHORT);
        }
        out.writeBytes(DateHeader.line());
        byte[] constant = connection.server().constantHeaderLines();
        if (constant != null) {
            out.writeBytes(constant);
        }
        if (webSocket != null) {
            out.writeBytes(CONNECTION_UPGRADE);
        } else if (!keepAlive && !http10) {
            out.writeBytes(CONNECTION_CLOSE);
        } else if (keepAlive && http10) {
            out.writeBytes(CONNECTION_KEEP_ALIVE);
        }
        if (chunked) {
            out.writeBytes(CHUNKED);
        }
        out.writeShort(CRLF_SHORT);
        return out;
    }

    /** Connection and Transfer-Encoding are decided by the server, not copied from the application. */
    private static boolean isManaged(CharSequence name) {
        int length = name.length();
        return length == 10 && AsciiString.contentEqualsIgnoreCase(name, CONNECTION)
                || length == 17 && AsciiString.contentEqualsIgnoreCase(name, TRANSFER_ENCODING);
    }

    private static void writeFields(ByteBuf out, ArrayHeaders fields) {
        for (int i = 0; i < fields.size(); i++) {
            writeAscii(out, fields.nameAt(i));
            out.writeShort(COLON_SP);
            writeAscii(out, fields.valueAt(i));
            out.writeShort(CRLF_SHORT);
        }
    }

    private static void writeAscii(ByteBuf out, CharSequence text) {
        if (text instanceof AsciiString ascii) {
            out.writeBytes(ascii.array(), ascii.arrayOffset(), ascii.length());
        } else {
            ByteBufUtil.writeAscii(out, text);
        }
    }

    private static void writeDecimal(ByteBuf out, long value) {
        if (value < 10) {
            out.writeByte('0' + (int) value);
            return;
        }
        int digits = 0;
        for (long v = value; v > 0; v /= 10) {
            digits++;
        }
        int start = out.writerIndex();
        out.ensureWritable(digits);
        for (int i = digits - 1; i >= 0; i--) {
            out.setByte(start + i, '0' + (int) (value % 10));
            value /= 10;
        }
        out.writerIndex(start + digits);
    }

    // ---- ordering of pipelined responses ------------------------------------------------------------------------

    private void emit(Object message, boolean last) {
        if (last) {
            finished = true;
        }
        if (connection.isCurrent(this)) {
            connection.write(message, last ? lastWritePromise(!keepAlive) : channel.voidPromise());
            if (last) {
                connection.responseFinished(this);
            }
        } else {
            if (pending == null) {
                pending = new ArrayDeque<>(4);
            }
            pending.add(message);
            if (message instanceof ByteBuf buf) {
                pendingBytes += buf.readableBytes();
                connection.held(buf.readableBytes());
            }
        }
    }

    /**
     * A streamed body (or file) held back behind earlier responses waits for its turn before it produces more: until
     * then nothing of it reaches the socket, so one piece at a time is all it may hold.
     */
    @Override
    protected boolean canTakeMore() {
        return connection.isCurrent(this) && super.canTakeMore();
    }

    @Override
    protected void whenWritable(CompletableFuture<Void> result) {
        if (connection.isCurrent(this) || !channel.isActive()) {
            super.whenWritable(result);
            return;
        }
        if (turnWaiters == null) {
            turnWaiters = new ArrayDeque<>(2);
        }
        turnWaiters.add(result);
    }

    private void completeTurnWaiters(boolean writable) {
        if (turnWaiters == null) {
            return;
        }
        CompletableFuture<Void> waiter;
        while ((waiter = turnWaiters.poll()) != null) {
            if (writable) {
                super.whenWritable(waiter);
            } else {
                waiter.complete(null);
            }
        }
    }

    /** This response reached the front of the queue: writes what it held back. */
    void becameCurrent() {
        if (continueWanted) {
            continueWanted = false;
            connection.writeContinue();
        }
        if (pending == null) {
            return;
        }
        Object message;
        while ((message = pending.poll()) != null) {
            boolean last = finished && pending.isEmpty();
            connection.write(message, last ? lastWritePromise(!keepAlive) : channel.voidPromise());
        }
        if (pendingBytes > 0) {
            long written = pendingBytes;
            pendingBytes = 0;
            connection.held(-written);
        }
        if (finished) {
            connection.responseFinished(this);
        } else {
            completeTurnWaiters(true);
        }
    }

    /** The connection closed: drops what was held back. */
    void discard(Throwable cause) {
        if (pending != null) {
            for (Object message : pending) {
                ReferenceCountUtil.release(message);
            }
            pending = null;
        }
        abandon(cause);
        completeTurnWaiters(false);
    }
}
