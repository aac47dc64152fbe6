package dev.brisk.codec;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;

import java.io.IOException;
import java.io.InputStream;

import java.lang.reflect.Type;
import java.util.List;

/**
 * Turns bodies into objects and back, reading from and writing to {@link ByteBuf}s directly (no intermediate
 * {@code byte[]}). Codecs are kept in an ordered {@link Codecs} chain; the first that supports a (type, media type)
 * pair is used. Implementations must be thread-safe.
 */
public interface BodyCodec {

    /** The media types this codec reads and writes, preferred first; used for content negotiation. */
    List<MediaType> mediaTypes();

    /** Whether this codec can read a body of {@code mediaType} into {@code type}. */
    boolean canDecode(Type type, MediaType mediaType);

    /** Whether this codec can write a {@code type} value as {@code mediaType}. */
    boolean canEncode(Class<?> type, MediaType mediaType);

    /**
     * Reads {@code body} (not released here) into a {@code type} value.
     *
     * @throws CodecException when the body does not match the type: the client's fault, a 400
     */
    Object decode(ByteBuf body, Type type, MediaType mediaType);

    /**
     * Reads a body from a stream (e.g. one assembled from streamed pieces) into a {@code type} value. The default
     * collects the stream into a buffer and calls {@link #decode(ByteBuf, Type, MediaType)}.
     *
     * @throws CodecException when the body does not match the type or cannot be read
     */
    default Object decode(InputStream body, Type type, MediaType mediaType) {
        ByteBuf buffer = Unpooled.buffer(8192);
        try {
            while (buffer.writeBytes(body, 8192) != -1) {
                // until the end of the stream
            }
            return decode(buffer, type, mediaType);
        } catch (IOException e) {
            throw new CodecException("cannot read the body: " + e.getMessage(), e, true);
        } finally {
            buffer.release();
        }
    }

    /**
     * Writes {@code value} into a new buffer from {@code allocator}; the caller owns it.
     *
     * @throws CodecException when the value cannot be written: the server's fault, a 500
     */
    ByteBuf encode(Object value, MediaType mediaType, ByteBufAllocator allocator);
}
