package dev.brisk.codec;

import java.lang.reflect.Type;
import java.util.List;

/** What JSON codecs share: {@code application/json} and every {@code +json} type, for any Java type. */
public abstract class JsonCodec implements BodyCodec {

    private static final List<MediaType> TYPES = List.of(MediaType.APPLICATION_JSON,
            MediaType.parse("application/*+json"));

    @Override
    public List<MediaType> mediaTypes() {
        return TYPES;
    }

    @Override
    public boolean canDecode(Type type, MediaType mediaType) {
        return mediaType.isJson();
    }

    @Override
    public boolean canEncode(Class<?> type, MediaType mediaType) {
        return mediaType.isJson();
    }
}
