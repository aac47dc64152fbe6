package dev.brisk.codec;

import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * An ordered chain of {@link BodyCodec}s: the first codec that supports a (type, media type) pair wins. Immutable.
 * {@link #defaults()} holds JSON (Jackson), text and binary codecs; add your own in front with {@link #builder()}.
 */
public final class Codecs {

    private static final boolean PROTOBUF_PRESENT = present("com.google.protobuf.MessageLite");

    private final List<BodyCodec> codecs;

    private Codecs(List<BodyCodec> codecs) {
        this.codecs = List.copyOf(codecs);
    }

    private static boolean present(String className) {
        try {
            Class.forName(className, false, Codecs.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /** Bytes and buffers, strings, Protobuf messages (when protobuf-java is present), then JSON with Jackson. */
    public static Codecs defaults() {
        return builder().build();
    }

    /** A builder starting from the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /** The codecs, in order. */
    public List<BodyCodec> codecs() {
        return codecs;
    }

    /** The first codec that can write {@code type} as {@code mediaType}. */
    public Optional<BodyCodec> encoder(Class<?> type, MediaType mediaType) {
        for (BodyCodec codec : codecs) {
            if (codec.canEncode(type, mediaType)) {
                return Optional.of(codec);
            }
        }
        return Optional.empty();
    }

    /** The first codec that can read {@code mediaType} into {@code type}. */
    public Optional<BodyCodec> decoder(Type type, MediaType mediaType) {
        for (BodyCodec codec : codecs) {
            if (codec.canDecode(type, mediaType)) {
                return Optional.of(codec);
            }
        }
        return Optional.empty();
    }

    /** Every concrete media type some codec can write {@code type} as, in chain order. */
    public List<MediaType> producible(Class<?> type) {
        Set<MediaType> types = new LinkedHashSet<>();
        for (BodyCodec codec : codecs) {
            for (MediaType mediaType : codec.mediaTypes()) {
                if (!mediaType.isWildcardType() && !mediaType.isWildcardSubtype()
                        && codec.canEncode(type, mediaType)) {
                    types.add(mediaType);
                }
            }
        }
        return List.copyOf(types);
    }

    /** Builds a {@link Codecs} chain. */
    public static final class Builder {
        private final List<BodyCodec> front = new ArrayList<>();
        /** The JSON codec replacing the built-in one, or null for a {@link JacksonJsonCodec} made by build(). */
        private BodyCodec json;
        private boolean builtIns = true;

        private Builder() {
        }

        /** Adds a codec ahead of the built-in ones (later calls come after earlier ones). */
        public Builder add(BodyCodec codec) {
            front.add(Objects.requireNonNull(codec, "codec"));
            return this;
        }

        /** Replaces the built-in JSON codec, e.g. with {@code new JacksonJsonCodec(myMapper)}. */
        public Builder json(BodyCodec json) {
            this.json = Objects.requireNonNull(json, "json");
            return this;
        }

        /** Leaves out the built-in codecs: only the added ones remain. */
        public Builder withoutBuiltIns() {
            builtIns = false;
            return this;
        }

        public Codecs build() {
            List<BodyCodec> all = new ArrayList<>(front);
            if (builtIns) {
                all.add(new BinaryCodec());
                all.add(new TextCodec());
                if (PROTOBUF_PRESENT) {
                    all.add(new ProtobufCodec());
                }
                all.add(json != null ? json : new JacksonJsonCodec());
            }
            return new Codecs(all);
        }
    }
}
