package dev.brisk.rest.servlet.internal;

import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;

import java.io.ByteArrayOutputStream;

/** What a servlet response's writer or output stream wrote, kept until the response is sent. */
final class BodyOutputStream extends ServletOutputStream {

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final Runnable onFlush;

    BodyOutputStream(Runnable onFlush) {
        this.onFlush = onFlush;
    }

    @Override
    public boolean isReady() {
        return true;
    }

    @Override
    public void setWriteListener(WriteListener writeListener) {
        throw new IllegalStateException("Brisk has no servlet non-blocking output: write the body directly");
    }

    @Override
    public void write(int b) {
        bytes.write(b);
    }

    @Override
    public void write(byte[] b, int off, int len) {
        bytes.write(b, off, len);
    }

    @Override
    public void flush() {
        onFlush.run();
    }

    int size() {
        return bytes.size();
    }

    byte[] toByteArray() {
        return bytes.toByteArray();
    }

    void reset() {
        bytes.reset();
    }
}
