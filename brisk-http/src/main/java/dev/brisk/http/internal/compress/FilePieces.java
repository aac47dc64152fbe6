package dev.brisk.http.internal.compress;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;

import dev.brisk.http.internal.FileStreamer;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * Sends a file region as a streamed body, piece by piece, each piece once the previous write says the connection can
 * take more: how a file is sent when it has to pass through an encoder.
 */
final class FilePieces {

    private static final int PIECE = 64 * 1024;

    private final FileChannel file;
    private final Function<ByteBuf, CompletionStage<Void>> write;
    private final Runnable end;
    private final ByteBufAllocator allocator;
    private final CompletableFuture<Void> result = new CompletableFuture<>();
    private long position;
    private long remaining;

    private FilePieces(FileChannel file, long offset, long length, Function<ByteBuf, CompletionStage<Void>> write,
                       Runnable end, ByteBufAllocator allocator) {
        this.file = file;
        this.position = offset;
        this.remaining = length;
        this.write = write;
        this.end = end;
        this.allocator = allocator;
    }

    static CompletionStage<Void> send(Path path, long offset, long length,
                                      Function<ByteBuf, CompletionStage<Void>> write, Runnable end,
                                      ByteBufAllocator allocator) {
        FileChannel file;
        try {
            file = FileChannel.open(path, StandardOpenOption.READ);
        } catch (IOException e) {
            return CompletableFuture.failedFuture(e);
        }
        FilePieces pieces = new FilePieces(file, offset, length, write, end, allocator);
        pieces.next(null, null);
        return pieces.result;
    }

    private void next(Void ignored, Throwable failure) {
        if (failure != null) {
            close();
            result.completeExceptionally(failure);
            return;
        }
        try {
            while (remaining > 0) {
                ByteBuf piece = FileStreamer.readPiece(allocator, file, position,
                        (int) Math.min(PIECE, remaining));
                int read = piece.readableBytes();
                position += read;
                remaining -= read;
                CompletableFuture<Void> written = write.apply(piece).toCompletableFuture();
                if (!written.isDone() || written.isCompletedExceptionally()) {
                    written.whenComplete(this::next);
                    return;
                }
            }
            close();
            end.run();
            result.complete(null);
        } catch (IOException | RuntimeException e) {
            close();
            result.completeExceptionally(e);
        }
    }

    private void close() {
        try {
            file.close();
        } catch (IOException ignored) {
            // nothing useful to do
        }
    }
}
