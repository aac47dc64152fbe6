package dev.brisk.http.reliability;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.buffer.UnpooledDirectByteBuf;
import io.netty.buffer.UnpooledHeapByteBuf;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Response bodies that count how many of their bytes the server still holds: each body is a buffer of its own (the
 * server releases it once written or dropped), by default over one shared array, so that a test can hand out hundreds
 * of megabytes of bodies without the JVM holding them, and read exactly what the server has not let go of.
 */
final class HeldBodies {

    private final byte[] content;
    private final AtomicLong held = new AtomicLong();

    HeldBodies(int size) {
        content = new byte[size];
    }

    /** A new body of the configured size; the server owns it. */
    ByteBuf next() {
        return new Body();
    }

    /**
     * A new body of the configured size in direct memory of its own (zeros): the transport writes it as it is, where a
     * heap body would be copied into a direct buffer, and released, when written to the socket.
     */
    ByteBuf nextDirect() {
        return new DirectBody();
    }

    /** Body bytes handed out and not released yet. */
    long held() {
        return held.get();
    }

    /** Waits up to {@code millis} for every body to be released; the bytes still held. */
    long awaitReleased(long millis) throws InterruptedException {
        long deadline = System.currentTimeMillis() + millis;
        while (held.get() > 0 && System.currentTimeMillis() < deadline) {
            Thread.sleep(20);
        }
        return held.get();
    }

    private final class Body extends UnpooledHeapByteBuf {

        Body() {
            super(UnpooledByteBufAllocator.DEFAULT, content, content.length);
            writerIndex(content.length);
            held.addAndGet(content.length);
        }

        @Override
        protected void deallocate() {
            held.addAndGet(-content.length);
            // the array is shared by every body: nothing to free
        }
    }

    private final class DirectBody extends UnpooledDirectByteBuf {

        DirectBody() {
            super(UnpooledByteBufAllocator.DEFAULT, content.length, content.length);
            setZero(0, content.length);
            writerIndex(content.length);
            held.addAndGet(content.length);
        }

        @Override
        protected void deallocate() {
            held.addAndGet(-content.length);
            super.deallocate();
        }
    }
}
