package dev.brisk.rest.jaxrs.internal.runtime;

import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.ext.RuntimeDelegate.HeaderDelegate;

/** Reads and writes {@code Content-Type}-style media types through Brisk's media type ({@link MediaTypes}). */
final class MediaTypeDelegate implements HeaderDelegate<MediaType> {

    static final MediaTypeDelegate INSTANCE = new MediaTypeDelegate();

    @Override
    public MediaType fromString(String value) {
        return MediaTypes.fromString(value);
    }

    @Override
    public String toString(MediaType value) {
        return MediaTypes.toString(value);
    }
}
