package dev.brisk.client;

import java.lang.reflect.Type;

/** What one {@link DecodeAdvice} sees of a response body being decoded, and the way on to the codecs. */
public interface DecodeContext {

    /** The response whose body is decoded. */
    HttpResponse response();

    /** The type {@code bodyAs} was asked for ({@code Class}, or a parameterized type from a {@link TypeRef}). */
    Type targetType();

    /**
     * The bytes to decode: the response's own (do not modify them) or those an earlier advice put in their place.
     */
    byte[] body();

    /** Replaces the bytes the later advices and the codecs decode. */
    void body(byte[] body);

    /** Decodes {@link #body()} into {@link #targetType()} with the later advices and then the client's codecs. */
    Object next();
}
