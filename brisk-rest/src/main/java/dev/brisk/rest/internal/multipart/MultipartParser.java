package dev.brisk.rest.internal.multipart;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * An incremental parser of a multipart body (RFC 2046 section 5.1, as RFC 7578 uses it): fed the body piece by piece
 * as it arrives, it reports each part's headers, its content as it goes, and its end. It keeps only what it cannot
 * decide yet: a part's header block (at most {@code maxHeaderSize} bytes) or the tail of a piece that may be the start
 * of a delimiter (shorter than the delimiter). Preamble and epilogue are skipped. Not thread-safe.
 */
final class MultipartParser {

    /** Receives what the parser finds; the content buffer is valid during the call only. */
    interface Listener {

        void partStarted(PartHeaders headers) throws IOException;

        void partContent(ByteBuf content) throws IOException;

        void partEnded() throws IOException;
    }

    private enum State { PREAMBLE, AFTER_DELIMITER, HEADERS, CONTENT, EPILOGUE }

    /** Whitespace allowed after a boundary before its line ends (RFC 2046 "transport-padding"). */
    private static final int MAX_PADDING = 256;

    private final byte[] delimiter;
    private final int maxHeaderSize;
    private final Listener listener;
    private final ByteBuf pending = Unpooled.buffer(1024);
    private State state = State.PREAMBLE;
    private boolean released;

    MultipartParser(String boundary, int maxHeaderSize, Listener listener) {
        this.delimiter = ("\r\n--" + boundary).getBytes(StandardCharsets.ISO_8859_1);
        this.maxHeaderSize = maxHeaderSize;
        this.listener = listener;
        // the body's first boundary has no line break before it: pretend it has, so that one search finds them all
        pending.writeBytes(new byte[] {'\r', '\n'});
    }

    /** Checks a boundary parameter (RFC 2046: 1 to 70 characters, no trailing space). */
    static String checkBoundary(String boundary) {
        if (boundary == null || boundary.isEmpty() || boundary.length() > 70 || boundary.endsWith(" ")
                || !boundary.chars().allMatch(c -> c > 0x1f && c < 0x7f)) {
            throw MultipartException.malformed("invalid boundary parameter \"" + boundary + "\"");
        }
        return boundary;
    }

    /** Parses the next piece of the body; the piece is not released. */
    void feed(ByteBuf piece) throws IOException {
        if (state == State.EPILOGUE || released) {
            return;
        }
        pending.writeBytes(piece, piece.readerIndex(), piece.readableBytes());
        while (step()) {
            // until the pending bytes cannot be decided
        }
        pending.discardSomeReadBytes();
    }

    /** Frees what the parser holds; it takes no more input. Idempotent. */
    void release() {
        if (!released) {
            released = true;
            pending.release();
        }
    }

    /** The body has ended; it must have ended with the closing boundary. Frees what the parser holds. */
    void finish() {
        release();
        if (state != State.EPILOGUE) {
            throw MultipartException.malformed(state == State.PREAMBLE ? "no boundary found"
                    : "the body ended before its closing boundary");
        }
    }

    /** Whether the parser has seen the closing boundary. */
    boolean done() {
        return state == State.EPILOGUE;
    }

    /** Takes one decision about the pending bytes; false when more input is needed. */
    private boolean step() throws IOException {
        return switch (state) {
            case PREAMBLE -> preamble();
            case AFTER_DELIMITER -> afterDelimiter();
            case HEADERS -> headers();
            case CONTENT -> content();
            case EPILOGUE -> {
                pending.skipBytes(pending.readableBytes());
                yield false;
            }
        };
    }

    private boolean preamble() {
        int at = indexOfDelimiter();
        if (at < 0) {
            // keep what may be the start of the delimiter
            pending.readerIndex(Math.max(pending.readerIndex(), pending.writerIndex() - delimiter.length + 1));
            return false;
        }
        pending.readerIndex(at + delimiter.length);
        state = State.AFTER_DELIMITER;
        return true;
    }

    private boolean afterDelimiter() {
        int start = pending.readerIndex();
        int end = pending.writerIndex();
        if (end - start < 2) {
            return false;
        }
        if (pending.getByte(start) == '-' && pending.getByte(start + 1) == '-') {
            state = State.EPILOGUE;
            pending.readerIndex(end);
            return false;
        }
        int i = start;
        while (i < end && (pending.getByte(i) == ' ' || pending.getByte(i) == '\t')) {
            i++;
        }
        if (i - start > MAX_PADDING) {
            throw MultipartException.malformed("a boundary line goes on with more than " + MAX_PADDING
                    + " bytes of padding");
        }
        if (end - i < 2) {
            return false;
        }
        if (pending.getByte(i) != '\r' || pending.getByte(i + 1) != '\n') {
            throw MultipartException.malformed("a boundary is followed by something other than a line break");
        }
        pending.readerIndex(i + 2);
        state = State.HEADERS;
        return true;
    }

    private boolean headers() throws IOException {
        int start = pending.readerIndex();
        int end = pending.writerIndex();
        int blockEnd = -1;
        int next = -1;
        if (end - start >= 2 && pending.getByte(start) == '\r' && pending.getByte(start + 1) == '\n') {
            blockEnd = start; // a part without header fields
            next = start + 2;
        } else {
            for (int i = start; ; ) {
                int cr = pending.indexOf(i, end, (byte) '\r');
                if (cr < 0 || cr + 3 >= end) {
                    break;
                }
                if (pending.getByte(cr + 1) == '\n' && pending.getByte(cr + 2) == '\r'
                        && pending.getByte(cr + 3) == '\n') {
                    blockEnd = cr;
                    next = cr + 4;
                    break;
                }
                i = cr + 1;
            }
        }
        if ((blockEnd < 0 ? end : blockEnd) - start > maxHeaderSize) {
            throw new MultipartException(400, "a part's header block is larger than maxPartHeaderSize "
                    + maxHeaderSize + " bytes");
        }
        if (blockEnd < 0) {
            return false;
        }
        String block = pending.toString(start, blockEnd - start, StandardCharsets.UTF_8);
        pending.readerIndex(next);
        state = State.CONTENT;
        listener.partStarted(parseFields(block));
        return true;
    }

    private static PartHeaders parseFields(String block) {
        PartHeaders fields = new PartHeaders();
        for (String line : block.split("\r\n")) {
            if (line.isEmpty()) {
                continue;
            }
            if (line.charAt(0) == ' ' || line.charAt(0) == '\t') {
                if (!fields.continueLast(line.trim())) {
                    throw MultipartException.malformed("a part's header block starts with a continuation line");
                }
                continue;
            }
            int colon = line.indexOf(':');
            if (colon <= 0) {
                throw MultipartException.malformed("invalid part header line \"" + line + "\"");
            }
            String name = line.substring(0, colon).trim();
            if (name.isEmpty() || !name.chars().allMatch(c -> c > ' ' && c < 0x7f && c != ':')) {
                throw MultipartException.malformed("invalid part header name \"" + name + "\"");
            }
            fields.add(name, line.substring(colon + 1).trim());
        }
        return fields;
    }

    private boolean content() throws IOException {
        int start = pending.readerIndex();
        int at = indexOfDelimiter();
        if (at < 0) {
            // everything but what may be the start of the delimiter is content
            int safe = pending.writerIndex() - delimiter.length + 1;
            if (safe > start) {
                listener.partContent(pending.slice(start, safe - start));
                pending.readerIndex(safe);
            }
            return false;
        }
        if (at > start) {
            listener.partContent(pending.slice(start, at - start));
        }
        pending.readerIndex(at + delimiter.length);
        state = State.AFTER_DELIMITER;
        listener.partEnded();
        return true;
    }

    /** Where the delimiter starts among the pending bytes, or -1. */
    private int indexOfDelimiter() {
        int last = pending.writerIndex() - delimiter.length;
        int i = pending.readerIndex();
        while (i <= last) {
            int cr = pending.indexOf(i, last + 1, (byte) '\r');
            if (cr < 0) {
                return -1;
            }
            if (matchesAt(cr)) {
                return cr;
            }
            i = cr + 1;
        }
        return -1;
    }

    private boolean matchesAt(int index) {
        for (int j = 1; j < delimiter.length; j++) {
            if (pending.getByte(index + j) != delimiter[j]) {
                return false;
            }
        }
        return true;
    }
}
