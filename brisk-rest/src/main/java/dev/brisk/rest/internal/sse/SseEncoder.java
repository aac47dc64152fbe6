package dev.brisk.rest.internal.sse;

import dev.brisk.codec.BodyCodec;
import dev.brisk.codec.Codecs;
import dev.brisk.codec.MediaType;
import dev.brisk.rest.sse.SseEvent;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;

import java.nio.charset.StandardCharsets;

/**
 * Writes {@link SseEvent}s in the {@code text/event-stream} format (WHATWG HTML, "Server-sent events"): comment lines,
 * {@code id}, {@code event}, {@code retry}, then the data split into {@code data:} lines at every CR, LF or CRLF,
 * and an empty line. Non-text data is encoded by the codecs first. Thread-safe.
 */
public final class SseEncoder {

    private static final byte[] DATA = "data: ".getBytes(StandardCharsets.US_ASCII);

    private final Codecs codecs;

    public SseEncoder(Codecs codecs) {
        this.codecs = codecs;
    }

    /** The whole event as one buffer from {@code allocator}, owned by the caller. */
    public ByteBuf encode(SseEvent event, ByteBufAllocator allocator) {
        ByteBuf out = allocator.buffer(128);
        try {
            event.comment().ifPresent(comment -> lines(out, ":", comment));
            event.id().ifPresent(id -> field(out, "id: ", id));
            event.name().ifPresent(name -> field(out, "event: ", name));
            event.retry().ifPresent(retry -> field(out, "retry: ", Long.toString(retry.toMillis())));
            MediaType type = event.mediaType().orElse(MediaType.APPLICATION_JSON);
            for (Object value : event.data()) {
                if (value instanceof CharSequence text && event.mediaType().isEmpty()) {
                    lines(out, "data: ", text);
                } else {
                    encoded(out, value, type, allocator);
                }
            }
            out.writeByte('\n');
            return out;
        } catch (RuntimeException | Error e) {
            out.release();
            throw e;
        }
    }

    private void encoded(ByteBuf out, Object value, MediaType type, ByteBufAllocator allocator) {
        BodyCodec codec = codecs.encoder(value.getClass(), type).orElseThrow(() -> new IllegalArgumentException(
                "no codec writes " + value.getClass().getName() + " as " + type + " for an event"));
        ByteBuf body = codec.encode(value, type, allocator);
        try {
            out.writeBytes(DATA);
            int end = body.writerIndex();
            for (int i = body.readerIndex(); i < end; i++) {
                byte b = body.getByte(i);
                if (b == '\r' || b == '\n') {
                    if (b == '\r' && i + 1 < end && body.getByte(i + 1) == '\n') {
                        i++;
                    }
                    out.writeByte('\n');
                    out.writeBytes(DATA);
                } else {
                    out.writeByte(b);
                }
            }
            out.writeByte('\n');
        } finally {
            body.release();
        }
    }

    private static void field(ByteBuf out, String prefix, String value) {
        out.writeCharSequence(prefix, StandardCharsets.US_ASCII);
        ByteBufUtil.writeUtf8(out, value);
        out.writeByte('\n');
    }

    /** One {@code prefix} line per line of {@code text}. */
    private static void lines(ByteBuf out, String prefix, CharSequence text) {
        int start = 0;
        int length = text.length();
        for (int i = 0; i <= length; i++) {
            char c = i < length ? text.charAt(i) : '\n';
            if (c == '\r' || c == '\n') {
                out.writeCharSequence(prefix, StandardCharsets.US_ASCII);
                ByteBufUtil.writeUtf8(out, text, start, i);
                out.writeByte('\n');
                if (c == '\r' && i + 1 < length && text.charAt(i + 1) == '\n') {
                    i++;
                }
                start = i + 1;
            }
        }
    }
}
