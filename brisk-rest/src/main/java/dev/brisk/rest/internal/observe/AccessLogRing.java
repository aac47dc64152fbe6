package dev.brisk.rest.internal.observe;

import dev.brisk.http.common.Protocol;
import dev.brisk.transport.TraceContext;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.net.SocketAddress;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The lines waiting for the access log's writer, between any number of event loops (each offering the requests it
 * ended) and the one writer thread. Each line's numbers and request target are copied into a slot of one preallocated
 * array, two cache lines per line, one slot after the other; its references (method, client address, trace, headers)
 * into a second array, also in order. The writer reads both front to back, so memory it has to fetch from far away
 * arrives as a stream the processor fetches ahead, instead of three or four objects per request scattered among
 * everything else the request allocated.
 *
 * <p>A producer claims the next sequence number unless every slot is taken (then it refuses the line: nobody waits),
 * fills that slot and publishes it; the writer takes slots in sequence order as they are published and gives them
 * back once per batch.
 */
final class AccessLogRing {

    private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);
    /** A slot: the published sequence, start, duration, bytes, status with protocol and target length, the target. */
    private static final int SLOT = 16;
    private static final int HEADER = 5;
    /** The longest request target kept in the slot itself (ISO-8859-1); longer ones are kept by reference. */
    static final int URI_BYTES = (SLOT - HEADER) * Long.BYTES;
    private static final int LONG_URI = 0xffff;
    private static final Protocol[] PROTOCOLS = Protocol.values();
    /** The status word of a slot whose filling failed. */
    private static final long SKIPPED = -1L;
    /** References per slot: method, client address, trace, captured headers, a request target too long to copy. */
    private static final int REFS = 5;

    private final long[] slots;
    private final Object[] refs;
    private final int mask;
    /** The next sequence to take; written by the writer only, once it is done with the slots before it. */
    private final AtomicLong tail;
    /** The next sequence to claim (made after the slots, so that it does not share a cache line with the tail). */
    private final AtomicLong head;
    /** The writer's own copy of the sequence it takes next, ahead of {@link #tail} within a batch. */
    private long next;

    AccessLogRing(int capacity) {
        int size = Integer.highestOneBit(Math.max(2, capacity) - 1) << 1;
        tail = new AtomicLong();
        slots = new long[size * SLOT];
        refs = new Object[size * REFS];
        mask = size - 1;
        head = new AtomicLong();
    }

    int capacity() {
        return mask + 1;
    }

    /** Copies {@code entry} into the next slot; false, leaving the ring as it was, when every slot is taken. */
    boolean offer(AccessLogEntry entry) {
        long sequence;
        do {
            sequence = head.get();
            if (sequence - tail.get() > mask) {
                return false;
            }
        } while (!head.compareAndSet(sequence, sequence + 1));
        int slot = (int) sequence & mask;
        boolean filled = false;
        try {
            fill(slot, entry);
            filled = true;
        } finally {
            // published even if filling failed (marked to be passed over): the writer takes slots in order and would
            // otherwise wait for this one forever
            if (!filled) {
                slots[slot * SLOT + 4] = SKIPPED;
            }
            LONGS.setRelease(slots, slot * SLOT, sequence + 1);
        }
        return true;
    }

    private void fill(int slot, AccessLogEntry entry) {
        long[] longs = slots;
        int at = slot * SLOT;
        String uri = entry.uri();
        boolean copied = copyUri(uri, longs, at + HEADER);
        longs[at + 1] = entry.startNanos();
        longs[at + 2] = entry.durationNanos();
        longs[at + 3] = entry.bytes();
        longs[at + 4] = (entry.status() & 0xffffffffL) | (long) entry.protocol().ordinal() << 32
                | (long) (copied ? uri.length() : LONG_URI) << 48;
        int r = slot * REFS;
        Object[] references = refs;
        references[r] = entry.method();
        references[r + 1] = entry.remote();
        references[r + 2] = entry.trace();
        references[r + 3] = entry.headers();
        references[r + 4] = copied ? null : uri;
    }

    /** Packs {@code uri} into the slot's longs, eight characters each; false when it is too long or not ISO-8859-1. */
    private static boolean copyUri(String uri, long[] longs, int at) {
        int length = uri.length();
        if (length > URI_BYTES) {
            return false;
        }
        long word = 0;
        for (int i = 0; i < length; i++) {
            char c = uri.charAt(i);
            if (c > 0xff) {
                return false;
            }
            word |= (long) c << ((i & 7) << 3);
            if ((i & 7) == 7) {
                longs[at + (i >>> 3)] = word;
                word = 0;
            }
        }
        if ((length & 7) != 0) {
            longs[at + (length >>> 3)] = word;
        }
        return true;
    }

    /**
     * Points {@code line} at the next slot for the writer (which keeps it until {@link #release}); false when it has
     * not been published yet: the ring is empty, or its producer is still filling it.
     */
    boolean take(Line line) {
        int slot = (int) next & mask;
        if ((long) LONGS.getAcquire(slots, slot * SLOT) != next + 1) {
            return false;
        }
        next++;
        line.slot = slot;
        return true;
    }

    /** Gives every slot taken so far back to the producers: once per batch, so they rarely see the tail move. */
    void release() {
        tail.lazySet(next);
    }

    /** The line the writer reads: a view of one slot, valid from {@link #take} until {@link Line#clear}. */
    final class Line {

        private int slot;

        private int at() {
            return slot * SLOT;
        }

        /** Whether the event loop failed to fill this slot: there is no line to write. */
        boolean skipped() {
            return slots[at() + 4] == SKIPPED;
        }

        /** When the request arrived, in {@link System#nanoTime()}'s terms. */
        long startNanos() {
            return slots[at() + 1];
        }

        long durationNanos() {
            return slots[at() + 2];
        }

        long bytes() {
            return slots[at() + 3];
        }

        int status() {
            return (int) slots[at() + 4];
        }

        Protocol protocol() {
            return PROTOCOLS[(int) (slots[at() + 4] >>> 32) & 0xff];
        }

        String method() {
            return (String) refs[slot * REFS];
        }

        SocketAddress remote() {
            return (SocketAddress) refs[slot * REFS + 1];
        }

        /** The request's trace id, null when tracing is off. */
        String traceId() {
            TraceContext trace = (TraceContext) refs[slot * REFS + 2];
            return trace == null ? null : trace.traceId();
        }

        String[] headers() {
            return (String[]) refs[slot * REFS + 3];
        }

        /** Appends the request target to {@code out}, escaped for a quoted field, without making a string of it. */
        void appendUri(LineBuffer out) {
            int length = (int) (slots[at() + 4] >>> 48);
            if (length == LONG_URI) {
                out.appendQuoted((String) refs[slot * REFS + 4]);
            } else {
                out.appendLatin1(slots, at() + HEADER, length);
            }
        }

        String uri() {
            int length = (int) (slots[at() + 4] >>> 48);
            if (length == LONG_URI) {
                return (String) refs[slot * REFS + 4];
            }
            char[] uri = new char[length];
            int from = at() + HEADER;
            for (int i = 0; i < length; i++) {
                uri[i] = (char) ((slots[from + (i >>> 3)] >>> ((i & 7) << 3)) & 0xff);
            }
            return new String(uri);
        }

        /** Lets go of the line's references once it has been written. */
        void clear() {
            int r = slot * REFS;
            for (int i = 0; i < REFS; i++) {
                refs[r + i] = null;
            }
        }
    }

}
