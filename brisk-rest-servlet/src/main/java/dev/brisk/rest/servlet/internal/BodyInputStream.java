package dev.brisk.rest.servlet.internal;

import io.netty.buffer.ByteBuf;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;

import java.io.IOException;

/** The received body of a request as a servlet input stream; reading does not consume the body for others. */
final class BodyInputStream extends ServletInputStream {

    private final ByteBuf body;
    private int position;

    BodyInputStream(ByteBuf body) {
        this.body = body;
        this.position = body.readerIndex();
    }

    private int remaining() {
        return body.writerIndex() - position;
    }

    @Override
    public boolean isFinished() {
        return remaining() == 0;
    }

    @Override
    public boolean isReady() {
        return true;
    }

    @Override
    public void setReadListener(ReadListener readListener) {
        throw new IllegalStateException("the body has been received already: read it without a ReadListener");
    }

    @Override
    public int read() {
        return remaining() == 0 ? -1 : body.getByte(position++) & 0xff;
    }

    @Override
    public int read(byte[] bytes, int offset, int length) {
        if (length == 0) {
            return 0;
        }
        int count = Math.min(length, remaining());
        if (count == 0) {
            return -1;
        }
        body.getBytes(position, bytes, offset, count);
        position += count;
        return count;
    }

    @Override
    public int available() {
        return remaining();
    }

    @Override
    public long skip(long n) throws IOException {
        int count = (int) Math.max(0, Math.min(n, remaining()));
        position += count;
        return count;
    }
}
