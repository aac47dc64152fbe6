package dev.brisk.http.internal;

import dev.brisk.http.common.wire.ArrayHeaders;
import io.netty.buffer.ByteBuf;

import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.CompletableFuture;

/**
 * Streams a file region through a response in pieces, waiting for the connection to drain between pieces: used
 * where zero-copy transfer is impossible (TLS, HTTP/2).
 */
public final class FileStreamer {

    private static final int PIECE = 64 * 1024;

    private final AbstractServerResponse response;
    private final FileChannel file;
    private final CompletableFuture<Void> result;
    private long position;
    private long remaining;

    private FileStreamer(AbstractServerResponse response, FileChannel file, long offset, long length,
                         CompletableFuture<Void> result) {
        this.response = response;
        this.file = file;
        this.position = offset;
        this.remaining = length;
        this.result = result;
    }

    /** Sends the head (with Content-Length) and then the file region; completes {@code result} at the end. */
    public static void start(AbstractServerResponse response, Path path, long offset, long length,
                      CompletableFuture<Void> result) {
        if (response.bodySuppressed()) {
            response.headers.set(AbstractServerResponse.CONTENT_LENGTH, Long.toString(length));
            response.writeHead();
            response.writeEnd(ArrayHeaders.EMPTY);
            result.complete(null);
            return;
        }
        FileChannel file;
        try {
            file = FileChannel.open(path, StandardOpenOption.READ);
        } catch (IOException e) {
            response.status(500);
            response.sendWhole(Unpooled.EMPTY_BUFFER);
            result.completeExceptionally(e);
            return;
        }
        response.headers.set(AbstractServerResponse.CONTENT_LENGTH, Long.toString(length));
        response.writeHead();
        new FileStreamer(response, file, offset, length, result).next();
    }

    private void next() {
        try {
            while (remaining > 0) {
                if (!response.channel.isActive()) {
                    fail(new IOException("connection closed while sending a file"));
                    return;
                }
                ByteBuf piece = readPiece(response.channel.alloc(), file, position, (int) Math.min(PIECE, remaining));
                int read = piece.readableBytes();
                position += read;
                remaining -= read;
                response.writeChunk(piece);
                if (!response.canTakeMore() && remaining > 0) {
                    CompletableFuture<Void> writable = new CompletableFuture<>();
                    writable.thenRun(this::next);
                    response.whenWritable(writable);
                    return;
                }
            }
            close();
            response.writeEnd(ArrayHeaders.EMPTY);
            result.complete(null);
        } catch (IOException e) {
            fail(e);
        }
    }

    /**
     * Reads up to {@code size} bytes of {@code file} from {@code position} into a new buffer of {@code allocator}
     * (the caller owns it); fails, holding nothing, when the file ends first or cannot be read.
     */
    public static ByteBuf readPiece(ByteBufAllocator allocator, FileChannel file, long position,
                                    int size) throws IOException {
        ByteBuf piece = allocator.ioBuffer(size);
        int read;
        try {
            read = piece.writeBytes(file, position, size);
        } catch (IOException | RuntimeException e) {
            piece.release();
            throw e;
        }
        if (read <= 0) {
            piece.release();
            throw new IOException("file shrank while being sent");
        }
        return piece;
    }

    private void fail(IOException e) {
        close();
        response.channel.close();
        result.completeExceptionally(e);
    }

    private void close() {
        try {
            file.close();
        } catch (IOException ignored) {
            // nothing useful to do
        }
    }
}
