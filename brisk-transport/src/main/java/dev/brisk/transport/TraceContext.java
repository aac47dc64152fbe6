package dev.brisk.transport;

import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A W3C Trace Context (<a href="https://www.w3.org/TR/trace-context/">traceparent and tracestate</a>): which trace a
 * piece of work belongs to and which span it is. Brisk's HTTP server takes it from a request's {@code traceparent}
 * header (or starts a new trace), its HTTP client and its RPC client send it on; all three share it through
 * {@link #current()}, the context of the calling thread.
 *
 * <pre>{@code
 * TraceContext.current().ifPresent(trace -> log.info("serving trace {}", trace.traceId()));
 * try (TraceContext.Scope scope = TraceContext.newRoot().makeCurrent()) {
 *     client.get(url).execute();   // carries traceparent: 00-<traceId>-<spanId>-01
 * }
 * }</pre>
 *
 * @param traceId    32 lowercase hex digits, not all zero
 * @param spanId     16 lowercase hex digits, not all zero: the span of the work this context describes
 * @param flags      the trace flags byte; bit 0 is "sampled"
 * @param traceState the {@code tracestate} header's value as received (vendor data, passed on untouched); empty
 *                   when there is none
 */
public record TraceContext(String traceId, String spanId, int flags, String traceState) {

    /** The name of the header that carries a context: {@code traceparent}. */
    public static final String TRACEPARENT = "traceparent";
    /** The name of the header that carries vendor data: {@code tracestate}. */
    public static final String TRACESTATE = "tracestate";
    /** The {@link #flags()} bit that says the trace is sampled (recorded). */
    public static final int FLAG_SAMPLED = 1;

    private static final ThreadLocal<TraceContext> CURRENT = new ThreadLocal<>();
    private static final char[] HEX = "0123456789abcdef".toCharArray();
    private static final Scope NO_OP = () -> { };

    /** Validates every component; a message names the component and the value. */
    public TraceContext {
        Objects.requireNonNull(traceId, "traceId must not be null");
        Objects.requireNonNull(spanId, "spanId must not be null");
        Objects.requireNonNull(traceState, "traceState must not be null");
        if (!isId(traceId, 32)) {
            throw new IllegalArgumentException("traceId must be 32 lowercase hex digits, not all zero: " + traceId);
        }
        if (!isId(spanId, 16)) {
            throw new IllegalArgumentException("spanId must be 16 lowercase hex digits, not all zero: " + spanId);
        }
        if (flags < 0 || flags > 0xff) {
            throw new IllegalArgumentException("flags must be within [0, 255]: " + flags);
        }
    }

    /** A new trace: random trace and span ids, sampled. */
    public static TraceContext newRoot() {
        return new TraceContext(randomHex(32), randomHex(16), FLAG_SAMPLED, "");
    }

    /**
     * The context a {@code traceparent} header describes, empty when the value is absent or malformed (the W3C rules:
     * version {@code 00} exactly, or a later version whose first fields are well-formed; ids not all zero).
     */
    public static Optional<TraceContext> parse(CharSequence traceparent) {
        return parse(traceparent, null);
    }

    /** Like {@link #parse(CharSequence)}, keeping {@code tracestate} (null for none) with the context. */
    public static Optional<TraceContext> parse(CharSequence traceparent, CharSequence tracestate) {
        if (traceparent == null) {
            return Optional.empty();
        }
        String value = traceparent.toString().trim();
        if (value.length() < 55 || value.charAt(2) != '-' || value.charAt(35) != '-' || value.charAt(52) != '-') {
            return Optional.empty();
        }
        int version = hexByte(value, 0);
        if (version < 0 || version == 0xff || (version == 0 && value.length() != 55)
                || (version > 0 && value.length() > 55 && value.charAt(55) != '-')) {
            return Optional.empty();
        }
        String traceId = value.substring(3, 35);
        String spanId = value.substring(36, 52);
        int flags = hexByte(value, 53);
        if (flags < 0 || !isId(traceId, 32) || !isId(spanId, 16)) {
            return Optional.empty();
        }
        String state = tracestate == null ? "" : tracestate.toString().trim();
        return Optional.of(new TraceContext(traceId, spanId, version == 0 ? flags : flags & FLAG_SAMPLED, state));
    }

    /** A context for work done on behalf of this one: the same trace, flags and state, a new span id. */
    public TraceContext newChild() {
        return new TraceContext(traceId, randomHex(16), flags, traceState);
    }

    /** Whether the trace is sampled (the caller records it). */
    public boolean sampled() {
        return (flags & FLAG_SAMPLED) != 0;
    }

    /** The {@code traceparent} header value naming this span as the parent: {@code 00-traceId-spanId-flags}. */
    public String traceparent() {
        char[] out = new char[55];
        out[0] = '0';
        out[1] = '0';
        out[2] = '-';
        traceId.getChars(0, 32, out, 3);
        out[35] = '-';
        spanId.getChars(0, 16, out, 36);
        out[52] = '-';
        out[53] = HEX[(flags >> 4) & 0xf];
        out[54] = HEX[flags & 0xf];
        return new String(out);
    }

    /** The context of this thread: the request or call it serves, or one made current with {@link #makeCurrent()}. */
    public static Optional<TraceContext> current() {
        return Optional.ofNullable(CURRENT.get());
    }

    /** Like {@link #current()}, {@code null} when the thread has none (for hot paths). */
    public static TraceContext currentOrNull() {
        return CURRENT.get();
    }

    /** Makes this context the thread's current one until the returned scope is closed, which restores the previous. */
    public Scope makeCurrent() {
        TraceContext previous = CURRENT.get();
        if (previous == this) {
            return NO_OP;
        }
        CURRENT.set(this);
        return previous == null ? CURRENT::remove : () -> CURRENT.set(previous);
    }

    /** Runs {@code action} with this context current on this thread. */
    public <T> T call(Callable<T> action) throws Exception {
        try (Scope ignored = makeCurrent()) {
            return action.call();
        }
    }

    /** Runs {@code action} with this context current on this thread. */
    public void run(Runnable action) {
        try (Scope ignored = makeCurrent()) {
            action.run();
        }
    }

    @Override
    public String toString() {
        return traceparent();
    }

    /** Ends what {@link #makeCurrent()} began; closing twice has no further effect beyond the first. */
    @FunctionalInterface
    public interface Scope extends AutoCloseable {
        @Override
        void close();
    }

    private static boolean isId(String id, int length) {
        if (id.length() != length) {
            return false;
        }
        boolean nonZero = false;
        for (int i = 0; i < length; i++) {
            char c = id.charAt(i);
            if ((c < '0' || c > '9') && (c < 'a' || c > 'f')) {
                return false;
            }
            nonZero |= c != '0';
        }
        return nonZero;
    }

    private static int hexByte(String s, int at) {
        int high = Character.digit(s.charAt(at), 16);
        int low = Character.digit(s.charAt(at + 1), 16);
        if (high < 0 || low < 0 || Character.isUpperCase(s.charAt(at)) || Character.isUpperCase(s.charAt(at + 1))) {
            return -1;
        }
        return high << 4 | low;
    }

    private static String randomHex(int digits) {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        char[] out = new char[digits];
        long bits;
        do {
            bits = 0;
            for (int i = 0; i < digits; i += 16) {
                long word = random.nextLong();
                bits |= word;
                for (int j = 0; j < 16; j++) {
                    out[i + j] = HEX[(int) (word >>> (60 - 4 * j)) & 0xf];
                }
            }
        } while (bits == 0);
        return new String(out);
    }
}
