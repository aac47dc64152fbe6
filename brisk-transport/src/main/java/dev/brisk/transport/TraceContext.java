package dev.brisk.transport;

import io.netty.util.concurrent.FastThreadLocal;
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
 * <p>Ids are held as numbers and written out as hex only when asked for, so a context the server starts for each
 * request costs three random longs. Two contexts are equal when their ids, flags and state are.
 */
public final class TraceContext {

    /** The name of the header that carries a context: {@code traceparent}. */
    public static final String TRACEPARENT = "traceparent";
    /** The name of the header that carries vendor data: {@code tracestate}. */
    public static final String TRACESTATE = "tracestate";
    /** The {@link #flags()} bit that says the trace is sampled (recorded). */
    public static final int FLAG_SAMPLED = 1;

    /**
     * Indexed by a slot of the thread's own array on Netty's threads (the event loops that serve requests and calls),
     * instead of probing a hash map: three reads and writes of it per request.
     */
    private static final FastThreadLocal<TraceContext> CURRENT = new FastThreadLocal<>();
    private static final char[] HEX = "0123456789abcdef".toCharArray();
    private static final Scope NO_OP = () -> { };
    /**
     * Restores "no context" by setting null rather than removing the thread's entry: a removed entry is registered
     * again by the next {@code set}, per request on a server thread.
     */
    private static final Scope CLEAR = () -> CURRENT.set(null);

    private final long traceHigh;
    private final long traceLow;
    private final long span;
    private final int flags;
    private final String traceState;
    /** The ids as text, made on first use (racy but safe: the same immutable value whichever thread makes it). */
    private String traceId;
    private String spanId;

    /**
     * A context with the given components, each validated; a message names the component and the value.
     *
     * @param traceId    32 lowercase hex digits, not all zero
     * @param spanId     16 lowercase hex digits, not all zero: the span of the work this context describes
     * @param flags      the trace flags byte; bit 0 is "sampled"
     * @param traceState the {@code tracestate} header's value as received (vendor data, passed on untouched); empty
     *                   when there is none
     */
    public TraceContext(String traceId, String spanId, int flags, String traceState) {
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
        this.traceHigh = hexLong(traceId, 0);
        this.traceLow = hexLong(traceId, 16);
        this.span = hexLong(spanId, 0);
        this.flags = flags;
        this.traceState = traceState;
        this.traceId = traceId;
        this.spanId = spanId;
    }

    /** A context from ids already known to be valid (not all zero). */
    private TraceContext(long traceHigh, long traceLow, long span, int flags, String traceState) {
        this.traceHigh = traceHigh;
        this.traceLow = traceLow;
        this.span = span;
        this.flags = flags;
        this.traceState = traceState;
    }

    /** A new trace: random trace and span ids, sampled. */
    public static TraceContext newRoot() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        long high;
        long low;
        do {
            high = random.nextLong();
            low = random.nextLong();
        } while ((high | low) == 0);
        return new TraceContext(high, low, randomSpan(), FLAG_SAMPLED, "");
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
        int flags = hexByte(value, 53);
        if (flags < 0 || !isId(value, 3, 32) || !isId(value, 36, 16)) {
            return Optional.empty();
        }
        // flags other than sampled are reserved: set to zero, whatever the version (W3C Trace Context, 3.2.2.5)
        return Optional.of(new TraceContext(hexLong(value, 3), hexLong(value, 19), hexLong(value, 36),
                flags & FLAG_SAMPLED, traceState(tracestate)));
    }

    /**
     * {@code tracestate} as passed on: its list members (W3C Trace Context, 3.3.1) joined by commas, empty members
     * left out; empty when it has none, more than 32, or one that is no {@code key=value} of the allowed characters
     * (a malformed state is dropped, not passed on).
     */
    static String traceState(CharSequence tracestate) {
        if (tracestate == null) {
            return "";
        }
        StringBuilder joined = new StringBuilder(tracestate.length());
        int members = 0;
        for (String member : tracestate.toString().split(",")) {
            String trimmed = member.strip();
            if (trimmed.isEmpty()) {
                continue;
            }
            if (++members > 32 || !isStateMember(trimmed)) {
                return "";
            }
            joined.append(joined.isEmpty() ? "" : ",").append(trimmed);
        }
        return joined.toString();
    }

    private static boolean isStateMember(String member) {
        int eq = member.indexOf('=');
        if (eq <= 0 || eq > 256 || member.length() - eq - 1 < 1 || member.length() - eq - 1 > 256) {
            return false;
        }
        for (int i = 0; i < eq; i++) {
            char c = member.charAt(i);
            boolean allowed = c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '*'
                    || c == '/' || c == '@';
            if (!allowed || i == 0 && !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9')) {
                return false;
            }
        }
        for (int i = eq + 1; i < member.length(); i++) {
            char c = member.charAt(i);
            if (c < 0x20 || c > 0x7e || c == ',' || c == '=') {
                return false;
            }
        }
        return true;
    }

    /** A context for work done on behalf of this one: the same trace, flags and state, a new span id. */
    public TraceContext newChild() {
        return new TraceContext(traceHigh, traceLow, randomSpan(), flags, traceState);
    }

    /** The trace's id: 32 lowercase hex digits, not all zero. */
    public String traceId() {
        String id = traceId;
        if (id == null) {
            char[] out = new char[32];
            hex(traceHigh, out, 0);
            hex(traceLow, out, 16);
            id = new String(out);
            traceId = id;
        }
        return id;
    }

    /** The id of the span this context describes: 16 lowercase hex digits, not all zero. */
    public String spanId() {
        String id = spanId;
        if (id == null) {
            char[] out = new char[16];
            hex(span, out, 0);
            id = new String(out);
            spanId = id;
        }
        return id;
    }

    /** The trace flags byte; bit 0 is "sampled". */
    public int flags() {
        return flags;
    }

    /** The {@code tracestate} header's value as received; empty when there is none. */
    public String traceState() {
        return traceState;
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
        hex(traceHigh, out, 3);
        hex(traceLow, out, 19);
        out[35] = '-';
        hex(span, out, 36);
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
        return previous == null ? CLEAR : () -> CURRENT.set(previous);
    }

    /** Runs {@code action} with this context current on this thread. */
    @SuppressWarnings("try") // the scope is only closed, never read
    public <T> T call(Callable<T> action) throws Exception {
        try (Scope ignored = makeCurrent()) {
            return action.call();
        }
    }

    /** Runs {@code action} with this context current on this thread. */
    @SuppressWarnings("try") // the scope is only closed, never read
    public void run(Runnable action) {
        try (Scope ignored = makeCurrent()) {
            action.run();
        }
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof TraceContext that && traceHigh == that.traceHigh && traceLow == that.traceLow
                && span == that.span && flags == that.flags && traceState.equals(that.traceState);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(traceHigh * 31 + traceLow) * 31 + Long.hashCode(span);
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
        return id.length() == length && isId(id, 0, length);
    }

    /** Whether {@code length} characters from {@code from} are lowercase hex digits, not all zero. */
    private static boolean isId(String s, int from, int length) {
        boolean nonZero = false;
        for (int i = from, end = from + length; i < end; i++) {
            char c = s.charAt(i);
            if ((c < '0' || c > '9') && (c < 'a' || c > 'f')) {
                return false;
            }
            nonZero |= c != '0';
        }
        return nonZero;
    }

    /** The 16 hex digits from {@code from} (already validated) as a long. */
    private static long hexLong(String s, int from) {
        long value = 0;
        for (int i = from; i < from + 16; i++) {
            char c = s.charAt(i);
            value = value << 4 | (c <= '9' ? c - '0' : c - 'a' + 10);
        }
        return value;
    }

    /** Writes {@code value} as 16 lowercase hex digits at {@code at}. */
    private static void hex(long value, char[] out, int at) {
        for (int j = 0; j < 16; j++) {
            out[at + j] = HEX[(int) (value >>> (60 - 4 * j)) & 0xf];
        }
    }

    private static int hexByte(String s, int at) {
        int high = Character.digit(s.charAt(at), 16);
        int low = Character.digit(s.charAt(at + 1), 16);
        if (high < 0 || low < 0 || Character.isUpperCase(s.charAt(at)) || Character.isUpperCase(s.charAt(at + 1))) {
            return -1;
        }
        return high << 4 | low;
    }

    private static long randomSpan() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        long span;
        do {
            span = random.nextLong();
        } while (span == 0);
        return span;
    }
}
