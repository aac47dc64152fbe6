package dev.brisk.benchmarks.faults;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The calls a provider ran, one line each ({@code <epoch millis> <call id> <method>}), appended to a file. Each line is
 * written straight to the file (no buffer in the process), so it is there even when the process is killed right
 * after: a call that ran on a provider killed under it, then again elsewhere, shows as its id on two lines. A
 * provider started again on the same file appends to it.
 */
final class CallLog implements AutoCloseable {

    private final FileChannel file;

    CallLog(Path path) throws IOException {
        this.file = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.APPEND);
    }

    /** Records that the call {@code callId} of {@code method} runs now. */
    void ran(long callId, String method) {
        byte[] line = (System.currentTimeMillis() + " " + callId + " " + method + "\n")
                .getBytes(StandardCharsets.US_ASCII);
        try {
            synchronized (file) {
                ByteBuffer buffer = ByteBuffer.wrap(line);
                while (buffer.hasRemaining()) {
                    file.write(buffer);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot record call " + callId, e);
        }
    }

    @Override
    public void close() throws IOException {
        file.close();
    }
}
