package dev.brisk.http.internal.compress;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufInputStream;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;

/**
 * Decodes a received request body, reading the decoder in bounded pieces and stopping as soon as the decoded size
 * passes the limit: a small body that inflates to gigabytes costs no more than the limit.
 */
final class RequestDecoder {

    private static final int PIECE = 16 * 1024;

    /** The decoded body would be larger than the limit. */
    static final class TooLargeException extends IOException {

        private static final long serialVersionUID = 1L;

        TooLargeException(long limit) {
            super("decoded request body larger than " + limit + " bytes");
        }
    }

    private RequestDecoder() {
    }

    /**
     * {@code body} (not released) decoded through {@code codings}, given in the order they were applied.
     *
     * @throws TooLargeException when the decoded body exceeds {@code limit} bytes
     * @throws IOException       when the body is not valid in its coding
     */
    static ByteBuf decode(ByteBuf body, List<ContentCoding> codings, long limit, ByteBufAllocator allocator)
            throws IOException {
        if (!body.isReadable()) {
            return allocator.buffer(0);
        }
        ByteBuf out = allocator.buffer((int) Math.min(limit, Math.max(PIECE, body.readableBytes() * 4L)));
        try (InputStream in = open(new ByteBufInputStream(body.duplicate()), codings)) {
            byte[] piece = new byte[PIECE];
            int read;
            while ((read = in.read(piece)) >= 0) {
                if (out.readableBytes() + (long) read > limit) {
                    throw new TooLargeException(limit);
                }
                out.writeBytes(piece, 0, read);
            }
            return out;
        } catch (IOException | RuntimeException e) {
            out.release();
            throw e instanceof IOException io ? io : new IOException(e.getMessage(), e);
        }
    }

    private static InputStream open(InputStream in, List<ContentCoding> codings) throws IOException {
        for (int i = codings.size() - 1; i >= 0; i--) {
            in = codings.get(i).decoder(in);
        }
        return in;
    }
}
