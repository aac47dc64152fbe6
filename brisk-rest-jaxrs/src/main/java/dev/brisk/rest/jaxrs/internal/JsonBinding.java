package dev.brisk.rest.jaxrs.internal;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufInputStream;
import io.netty.buffer.ByteBufOutputStream;
import jakarta.ws.rs.ProcessingException;

import java.io.InputStream;
import java.io.OutputStream;
import java.lang.reflect.Type;

/**
 * The JSON of entities of some types, read and written with one Jackson mapper — Jackson 3's, or Jackson 2's for an
 * application written for Jersey's Jackson provider — straight from and into Netty buffers. A body that does not fit
 * its type is a {@code BadRequestException} described by {@link JsonReadErrors}; a type the mapper cannot handle at
 * all, or a failed write, is a {@code ProcessingException}.
 */
public abstract class JsonBinding {

    /** The value of {@code type} in {@code body} (its readable bytes, left as they are). */
    public final Object read(ByteBuf body, Type type) {
        if (body.hasArray()) {
            return read(body.array(), body.arrayOffset() + body.readerIndex(), body.readableBytes(), type);
        }
        return read(new ByteBufInputStream(body.duplicate()), type);
    }

    /** The value of {@code type} read from {@code body}. */
    public abstract Object read(InputStream body, Type type);

    /** {@code value} as JSON, in a new buffer of {@code allocator}. */
    public final ByteBuf write(Object value, ByteBufAllocator allocator) {
        ByteBuf buffer = allocator.buffer(256);
        try {
            write(value, new ByteBufOutputStream(buffer));
            return buffer;
        } catch (RuntimeException | Error e) {
            buffer.release();
            throw e;
        }
    }

    /** The value of {@code type} in {@code length} bytes of {@code bytes} from {@code offset}. */
    protected abstract Object read(byte[] bytes, int offset, int length, Type type);

    /** Writes {@code value} as JSON to {@code out}, throwing {@link #writeFailure} when the mapper cannot. */
    protected abstract void write(Object value, OutputStream out);

    /** The exception for a {@code value} the mapper could not write, saying why. */
    protected static ProcessingException writeFailure(Object value, String why, Throwable cause) {
        return new ProcessingException("cannot write " + value.getClass().getName() + " as JSON: " + why, cause);
    }
}
