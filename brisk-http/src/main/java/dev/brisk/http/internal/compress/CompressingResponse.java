package dev.brisk.http.internal.compress;

import dev.brisk.http.ServerResponse;
import dev.brisk.http.common.HttpSyntax;
import dev.brisk.http.common.WritableHeaders;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.util.AsciiString;

import dev.brisk.http.common.Vary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.BiConsumer;

/**
 * A response that encodes its body with the coding negotiated for its request, when the body qualifies (decided when
 * the body is sent or its first piece written, from status, headers and size); otherwise it passes everything through
 * untouched.
 */
final class CompressingResponse implements ServerResponse {

    private static final AsciiString CONTENT_TYPE = AsciiString.cached("content-type");
    private static final AsciiString CONTENT_LENGTH = AsciiString.cached("content-length");
    private static final AsciiString CONTENT_ENCODING = AsciiString.cached("content-encoding");
    private static final AsciiString CONTENT_RANGE = AsciiString.cached("content-range");
    private static final AsciiString CACHE_CONTROL = AsciiString.cached("cache-control");
    private static final AsciiString ETAG = AsciiString.cached("etag");
    private static final AsciiString TEXT_PLAIN = AsciiString.cached("text/plain; charset=utf-8");
    private static final CompletableFuture<Void> DONE = CompletableFuture.completedFuture(null);

    private final ServerResponse delegate;
    private final CompressionSettings settings;
    private final ContentCoding coding;
    private final ByteBufAllocator allocator;
    /** The encoder of a streamed body, once the first piece decided to compress. */
    private BodyEncoder encoder;
    private boolean decided;

    CompressingResponse(ServerResponse delegate, CompressionSettings settings, ContentCoding coding,
                        ByteBufAllocator allocator) {
        this.delegate = delegate;
        this.settings = settings;
        this.coding = coding;
        this.allocator = allocator;
    }

    @Override
    public ServerResponse status(int status) {
        delegate.status(status);
        return this;
    }

    @Override
    public int status() {
        return delegate.status();
    }

    @Override
    public WritableHeaders headers() {
        return delegate.headers();
    }

    @Override
    public WritableHeaders trailers() {
        return delegate.trailers();
    }

    @Override
    public void send(ByteBuf body) {
        if (decided || !qualifies(body.readableBytes())) {
            delegate.send(body);
            return;
        }
        decided = true;
        ByteBuf encoded;
        try {
            encoded = new BodyEncoder(coding.newEncoder(settings.options()), allocator).encodeWhole(body);
        } catch (RuntimeException e) {
            delegate.abort(e);
            throw e;
        }
        markEncoded();
        delegate.send(encoded);
    }

    @Override
    public void send(byte[] body) {
        send(Unpooled.wrappedBuffer(body));
    }

    @Override
    public void send(String body) {
        WritableHeaders headers = delegate.headers();
        if (!headers.contains(CONTENT_TYPE)) {
            headers.set(CONTENT_TYPE, TEXT_PLAIN);
        }
        send(ByteBufUtil.writeUtf8(allocator, body));
    }

    @Override
    public void send() {
        if (!decided && delegate.status() == 304 && representationQualifies(declaredLength())) {
            // the 200 would have been compressed: the 304 carries that variant's validators (RFC 9110, 15.4.5)
            decided = true;
            markVariant();
        }
        delegate.send();
    }

    @Override
    public CompletionStage<Void> sendFile(Path file) {
        return delegate.isCommitted() || decided ? delegate.sendFile(file) : sendFile(file, 0, sizeOf(file));
    }

    @Override
    public CompletionStage<Void> sendFile(Path file, long offset, long length) {
        if (decided || length < 0 || !qualifies(length)) {
            return delegate.sendFile(file, offset, length);
        }
        decided = true;
        encoder = new BodyEncoder(coding.newEncoder(settings.options()), allocator);
        markEncoded();
        return FilePieces.send(file, offset, length, this::writeEncoded, this::end, allocator)
                .whenComplete((v, e) -> {
                    if (e != null) {
                        abort(e);
                    }
                });
    }

    private static long sizeOf(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return -1;
        }
    }

    @Override
    public CompletionStage<Void> write(ByteBuf chunk) {
        if (!decided) {
            decided = true;
            if (!delegate.isCommitted() && qualifies(declaredLength())) {
                encoder = new BodyEncoder(coding.newEncoder(settings.options()), allocator);
                markEncoded();
            }
        }
        return encoder == null ? delegate.write(chunk) : writeEncoded(chunk);
    }

    private CompletionStage<Void> writeEncoded(ByteBuf chunk) {
        ByteBuf encoded;
        try {
            encoded = encoder.encode(chunk);
        } catch (RuntimeException e) {
            encoder.discard();
            delegate.abort(e);
            return CompletableFuture.failedFuture(e);
        }
        if (!encoded.isReadable()) {
            encoded.release();
            return DONE;
        }
        return delegate.write(encoded);
    }

    @Override
    public CompletionStage<Void> write(byte[] chunk) {
        return write(Unpooled.wrappedBuffer(chunk));
    }

    @Override
    public void end() {
        if (encoder != null && !delegate.isEnded()) {
            ByteBuf last;
            try {
                last = encoder.finish();
            } catch (RuntimeException e) {
                encoder.discard();
                delegate.abort(e);
                return;
            }
            if (last.isReadable()) {
                delegate.write(last);
            } else {
                last.release();
            }
        }
        delegate.end();
    }

    @Override
    public void abort(Throwable cause) {
        if (encoder != null) {
            encoder.discard();
        }
        delegate.abort(cause);
    }

    @Override
    public boolean isCommitted() {
        return delegate.isCommitted();
    }

    @Override
    public boolean isEnded() {
        return delegate.isEnded();
    }

    @Override
    public void whenWritten(BiConsumer<Void, Throwable> listener) {
        delegate.whenWritten(listener);
    }

    @Override
    public CompletionStage<Void> completion() {
        return delegate.completion();
    }

    /** The bytes sent: the encoded body when it was compressed. */
    @Override
    public long bodyBytes() {
        return delegate.bodyBytes();
    }

    /** Whether a body of {@code length} bytes (-1: unknown) is to be compressed, given status and headers so far. */
    private boolean qualifies(long length) {
        int status = delegate.status();
        if (status == 204 || status == 206 || status == 304 || status < 200) {
            return false;
        }
        return representationQualifies(length);
    }

    /** Whether a representation of {@code length} bytes with these headers is compressed, whatever the status. */
    private boolean representationQualifies(long length) {
        if (length >= 0 && length < settings.options().minResponseSize()) {
            return false;
        }
        WritableHeaders headers = delegate.headers();
        if (headers.contains(CONTENT_ENCODING) || headers.contains(CONTENT_RANGE)) {
            return false;
        }
        String cacheControl = headers.get(CACHE_CONTROL, null);
        if (cacheControl != null && cacheControl.toLowerCase(Locale.ROOT).contains("no-transform")) {
            return false;
        }
        return settings.types().matches(headers.get(CONTENT_TYPE, null));
    }

    private long declaredLength() {
        String value = delegate.headers().get(CONTENT_LENGTH, null);
        return value == null ? -1 : HttpSyntax.parseDecimal(value);
    }

    /**
     * Announces the coding: Content-Encoding, Vary, no Content-Length (the encoded length is set by the send, or the
     * body is chunked), and a weak ETag, as the encoded bytes differ from the identity representation's.
     */
    private void markEncoded() {
        delegate.headers().set(CONTENT_ENCODING, coding.header);
        markVariant();
    }

    /** What every response about the encoded variant carries: Vary, no identity length, a weak ETag. */
    private void markVariant() {
        WritableHeaders headers = delegate.headers();
        headers.remove(CONTENT_LENGTH);
        Vary.add(headers, "Accept-Encoding");
        String etag = headers.get(ETAG, null);
        if (etag != null && etag.startsWith("\"")) {
            headers.set(ETAG, "W/" + etag);
        }
    }
}
