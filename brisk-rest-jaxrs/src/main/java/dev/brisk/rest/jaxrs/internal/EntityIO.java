package dev.brisk.rest.jaxrs.internal;

import dev.brisk.rest.jaxrs.internal.runtime.HeaderValues;
import dev.brisk.rest.jaxrs.internal.runtime.MediaTypes;
import dev.brisk.codec.BodyCodec;
import dev.brisk.codec.CodecException;
import dev.brisk.codec.Codecs;
import dev.brisk.codec.ContentNegotiation;
import dev.brisk.http.ServerResponse;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufInputStream;
import io.netty.buffer.ByteBufOutputStream;
import io.netty.buffer.ByteBufUtil;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.NotAcceptableException;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.NotSupportedException;
import jakarta.ws.rs.core.Form;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.NoContentException;
import jakarta.ws.rs.core.StreamingOutput;
import jakarta.ws.rs.ext.MessageBodyReader;
import jakarta.ws.rs.ext.MessageBodyWriter;
import jakarta.ws.rs.ext.ReaderInterceptor;
import jakarta.ws.rs.ext.WriterInterceptor;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.Reader;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.net.URI;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads request entities and writes response entities: the application's {@code MessageBodyReader}s and
 * {@code MessageBodyWriter}s first, then built-in handling of {@code String}, {@code byte[]}, streams,
 * {@code StreamingOutput}, files, forms and Brisk's codecs (JSON by Jackson, ...), wrapped by the reader and writer
 * interceptors bound to the method. Without interceptors or custom providers, entities go straight between the
 * codec and Netty buffers.
 */
final class EntityIO {

    /** The interceptors bound to one resource method. */
    record Bound(List<ReaderInterceptor> readers, List<WriterInterceptor> writers) {
    }

    private final Providers providers;
    private final Codecs codecs;
    private final ClassValue<List<dev.brisk.codec.MediaType>> builtInTypes = new ClassValue<>() {
        @Override
        protected List<dev.brisk.codec.MediaType> computeValue(Class<?> type) {
            return builtInTypes(type);
        }
    };

    EntityIO(Providers providers) {
        this.providers = providers;
        this.codecs = Codecs.builder().json(new JsonEntities(new JsonMapperResolvers(providers))).build();
    }

    // ---- reading ----------------------------------------------------------------------------------------------

    EntitySource entityParameter(Class<?> raw, Type type, Annotation[] annotations, Bound bound) {
        boolean custom = !bound.readers().isEmpty() || !providers.readers().isEmpty();
        return exchange -> {
            MediaType mediaType = exchange.getMediaType();
            if (mediaType == null) {
                mediaType = MediaType.APPLICATION_OCTET_STREAM_TYPE;
            }
            if (!custom && !exchange.entityStreamReplaced()) {
                return readBuiltIn(exchange, raw, type, mediaType, null);
            }
            return new ReaderChain(exchange, raw, type, annotations, mediaType, bound.readers()).proceed();
        };
    }

    /** The terminal read: a matching application reader, else the built-in one. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    Object read(Exchange exchange, Class<?> raw, Type type, Annotation[] annotations, MediaType mediaType,
                MultivaluedMap<String, String> headers, InputStream input) throws IOException {
        for (Providers.Entry<MessageBodyReader<?>> entry : providers.readers()) {
            MessageBodyReader reader = entry.provider();
            if (compatible(entry.mediaTypes(), mediaType) && reader.isReadable(raw, type, annotations, mediaType)) {
                try {
                    return reader.readFrom(raw, type, annotations, mediaType, headers, input);
                } catch (NoContentException e) {
                    throw new BadRequestException(e.getMessage(), e);
                }
            }
        }
        return readBuiltIn(exchange, raw, type, mediaType, input);
    }

    private Object readBuiltIn(Exchange exchange, Class<?> raw, Type type, MediaType mediaType, InputStream input)
            throws IOException {
        ByteBuf body = exchange.serverRequest().body();
        Charset charset = charset(mediaType);
        if (raw == String.class) {
            return input == null ? body.toString(body.readerIndex(), body.readableBytes(), charset)
                    : new String(input.readAllBytes(), charset);
        }
        if (raw == byte[].class) {
            return input == null ? ByteBufUtil.getBytes(body) : input.readAllBytes();
        }
        if (raw == InputStream.class) {
            return input == null ? new ByteBufInputStream(body.duplicate()) : input;
        }
        if (raw == Reader.class) {
            return new InputStreamReader(input == null ? new ByteBufInputStream(body.duplicate()) : input, charset);
        }
        if (raw == Form.class || raw == MultivaluedMap.class) {
            MultivaluedMap<String, String> form = input == null ? exchange.form() : formOf(input, charset);
            return raw == Form.class ? new Form(form) : form;
        }
        if (input == null && !body.isReadable()) {
            return null;
        }
        dev.brisk.codec.MediaType briskType = MediaTypes.toBrisk(mediaType);
        BodyCodec codec = codecs.decoder(type, briskType).orElseThrow(() -> new NotSupportedException(
                "cannot read " + briskType + " as " + type.getTypeName()));
        try {
            return input == null ? codec.decode(body, type, briskType) : codec.decode(input, type, briskType);
        } catch (CodecException e) {
            if (e.decoding()) {
                throw new BadRequestException(e.getMessage(), e);
            }
            throw new ProcessingException(e.getMessage(), e);
        }
    }

    private static MultivaluedMap<String, String> formOf(InputStream input, Charset charset) throws IOException {
        MultivaluedMap<String, String> form = new jakarta.ws.rs.core.MultivaluedHashMap<>();
        Uris.parseQuery(new String(input.readAllBytes(), charset), true).forEach(form::put);
        return form;
    }

    /** The reader interceptor chain of one read. */
    private final class ReaderChain extends InterceptorContextBase implements jakarta.ws.rs.ext.ReaderInterceptorContext {
        private final Exchange exchange;
        private final List<ReaderInterceptor> interceptors;
        private InputStream input;
        private int next;

        ReaderChain(Exchange exchange, Class<?> raw, Type type, Annotation[] annotations, MediaType mediaType,
                    List<ReaderInterceptor> interceptors) {
            super(exchange, raw, type, annotations, mediaType);
            this.exchange = exchange;
            this.interceptors = interceptors;
            this.input = exchange.getEntityStream();
        }

        @Override
        public Object proceed() throws IOException {
            if (next < interceptors.size()) {
                return interceptors.get(next++).aroundReadFrom(this);
            }
            return read(exchange, getType(), getGenericType(), getAnnotations(), getMediaType(), getHeaders(), input);
        }

        @Override
        public InputStream getInputStream() {
            return input;
        }

        @Override
        public void setInputStream(InputStream is) {
            this.input = is;
        }

        @Override
        public MultivaluedMap<String, String> getHeaders() {
            return exchange.getHeaders();
        }
    }

    // ---- writing ----------------------------------------------------------------------------------------------

    /** Chooses the media type, runs the writer (through the interceptors) and sends the response. */
    void write(Exchange exchange, ResponseState state, List<dev.brisk.codec.MediaType> produces, Bound bound)
            throws IOException {
        ServerResponse response = exchange.context().response();
        Object entity = state.getEntity();
        ByteBuf body = null;
        String contentType = null;
        if (entity != null) {
            Object declared = state.hasHeaders() ? state.getHeaders().getFirst(HttpHeaders.CONTENT_TYPE) : null;
            dev.brisk.codec.MediaType type;
            if (declared != null) {
                type = MediaTypes.toBrisk(declared);
            } else {
                type = chooseType(exchange, entity.getClass(), state, produces);
                contentType = type.toString();
            }
            if (bound.writers().isEmpty() && providers.writers().isEmpty()) {
                body = writeBuiltIn(exchange, entity, type);
            } else {
                if (declared == null) {
                    state.mediaType(MediaTypes.toJaxRs(type));
                    contentType = null;
                }
                ByteBuf buffer = exchange.serverRequest().allocator().buffer();
                try {
                    new WriterChain(exchange, state, new ByteBufOutputStream(buffer), bound.writers()).proceed();
                    body = buffer;
                } catch (IOException | RuntimeException | Error e) {
                    buffer.release();
                    throw e;
                }
            }
        }
        response.status(state.getStatus());
        if (contentType != null) {
            response.headers().set("content-type", contentType);
        }
        if (state.hasHeaders()) {
            writeHeaders(exchange, state, response);
        }
        if (body == null) {
            response.send();
        } else {
            response.send(body);
        }
    }

    private static void writeHeaders(Exchange exchange, ResponseState state, ServerResponse response) {
        for (Map.Entry<String, List<Object>> header : state.getHeaders().entrySet()) {
            String name = header.getKey().toLowerCase(java.util.Locale.ROOT);
            boolean location = name.equals("location") || name.equals("content-location");
            boolean first = true;
            for (Object value : header.getValue()) {
                if (value == null) {
                    continue;
                }
                String text = location ? absolute(exchange, value) : HeaderValues.headerValueToString(value);
                if (first) {
                    response.headers().set(name, text);
                    first = false;
                } else {
                    response.headers().add(name, text);
                }
            }
        }
    }

    /** A relative Location is resolved against the base URI (as {@code ResponseBuilder.location} documents). */
    private static String absolute(Exchange exchange, Object value) {
        URI uri = value instanceof URI u ? u : URI.create(value.toString());
        return uri.isAbsolute() ? uri.toString() : exchange.getUriInfo().getBaseUri().resolve(
                uri.toString().startsWith("/") ? uri.toString().substring(1) : uri.toString()).toString();
    }

    private dev.brisk.codec.MediaType chooseType(Exchange exchange, Class<?> type, ResponseState state,
                                                 List<dev.brisk.codec.MediaType> produces) {
        List<dev.brisk.codec.MediaType> accepted = exchange.accepted();
        if (produces.size() == 1 && accepted == Exchange.ANY && !produces.get(0).isWildcardType()
                && !produces.get(0).isWildcardSubtype()) {
            return produces.get(0);
        }
        List<dev.brisk.codec.MediaType> candidates = produces.isEmpty() ? producible(type, state) : produces;
        dev.brisk.codec.MediaType chosen = ContentNegotiation.negotiate(accepted, candidates).orElseThrow(() ->
                new NotAcceptableException("none of " + accepted + " can be produced; available: " + candidates));
        if (chosen.isWildcardType() || chosen.isWildcardSubtype()) {
            return dev.brisk.codec.MediaType.APPLICATION_OCTET_STREAM;
        }
        return chosen;
    }

    /** The types an entity can be written as without {@code @Produces}: the writers', else built-in ones. */
    private List<dev.brisk.codec.MediaType> producible(Class<?> type, ResponseState state) {
        List<dev.brisk.codec.MediaType> candidates = new ArrayList<>();
        for (Providers.Entry<MessageBodyWriter<?>> entry : providers.writers()) {
            if (entry.provider().isWriteable(type, state.getEntityType(), state.getEntityAnnotations(),
                    MediaType.WILDCARD_TYPE)) {
                candidates.addAll(entry.mediaTypes());
            }
        }
        candidates.addAll(builtInTypes.get(type));
        return candidates;
    }

    private List<dev.brisk.codec.MediaType> builtInTypes(Class<?> type) {
        if (type == String.class) {
            return List.of(dev.brisk.codec.MediaType.TEXT_PLAIN);
        }
        if (type == byte[].class || InputStream.class.isAssignableFrom(type)
                || StreamingOutput.class.isAssignableFrom(type) || Path.class.isAssignableFrom(type)
                || type == java.io.File.class) {
            return List.of(dev.brisk.codec.MediaType.APPLICATION_OCTET_STREAM);
        }
        List<dev.brisk.codec.MediaType> types = codecs.producible(type);
        return types.isEmpty() ? List.of(dev.brisk.codec.MediaType.APPLICATION_OCTET_STREAM) : types;
    }

    /** Writes without interceptors or custom writers: straight into a buffer. */
    private ByteBuf writeBuiltIn(Exchange exchange, Object entity, dev.brisk.codec.MediaType mediaType)
            throws IOException {
        io.netty.buffer.ByteBufAllocator allocator = exchange.serverRequest().allocator();
        if (entity instanceof String text) {
            Charset charset = mediaType.charsetOrUtf8();
            return charset == StandardCharsets.UTF_8 ? ByteBufUtil.writeUtf8(allocator, text)
                    : io.netty.buffer.Unpooled.wrappedBuffer(text.getBytes(charset));
        }
        if (entity instanceof byte[] bytes) {
            return io.netty.buffer.Unpooled.wrappedBuffer(bytes);
        }
        if (codecEntity(entity)) {
            return encode(entity, mediaType, allocator);
        }
        ByteBuf buffer = allocator.buffer();
        try (OutputStream out = new ByteBufOutputStream(buffer)) {
            writeBuiltIn(entity, MediaTypes.toJaxRs(mediaType), out, allocator);
            return buffer;
        } catch (IOException | RuntimeException | Error e) {
            buffer.release();
            throw e;
        }
    }

    private static boolean codecEntity(Object entity) {
        return !(entity instanceof StreamingOutput || entity instanceof InputStream || entity instanceof Path
                || entity instanceof java.io.File || entity instanceof Reader);
    }

    private ByteBuf encode(Object entity, dev.brisk.codec.MediaType briskType,
                           io.netty.buffer.ByteBufAllocator allocator) {
        BodyCodec codec = codecs.encoder(entity.getClass(), briskType).orElseThrow(() -> new IllegalStateException(
                "no MessageBodyWriter or codec writes " + entity.getClass().getName() + " as "
                        + briskType));
        return codec.encode(entity, briskType, allocator);
    }

    /** The built-in writer, on a stream (under writer interceptors). */
    private void writeBuiltIn(Object entity, MediaType mediaType, OutputStream out,
                              io.netty.buffer.ByteBufAllocator allocator) throws IOException {
        if (entity instanceof String text) {
            out.write(text.getBytes(charset(mediaType)));
        } else if (entity instanceof byte[] bytes) {
            out.write(bytes);
        } else if (entity instanceof StreamingOutput streaming) {
            streaming.write(out);
        } else if (entity instanceof InputStream input) {
            try (input) {
                input.transferTo(out);
            }
        } else if (entity instanceof Reader reader) {
            try (reader) {
                out.write(new String(readAll(reader)).getBytes(charset(mediaType)));
            }
        } else if (entity instanceof Path path) {
            Files.copy(path, out);
        } else if (entity instanceof java.io.File file) {
            Files.copy(file.toPath(), out);
        } else {
            ByteBuf encoded = encode(entity, MediaTypes.toBrisk(mediaType), allocator);
            try {
                encoded.readBytes(out, encoded.readableBytes());
            } finally {
                encoded.release();
            }
        }
    }

    private static char[] readAll(Reader reader) throws IOException {
        java.io.CharArrayWriter chars = new java.io.CharArrayWriter();
        reader.transferTo(chars);
        return chars.toCharArray();
    }

    /** The writer interceptor chain of one write. */
    private final class WriterChain extends InterceptorContextBase implements jakarta.ws.rs.ext.WriterInterceptorContext {
        private final Exchange exchange;
        private final ResponseState state;
        private final List<WriterInterceptor> interceptors;
        private OutputStream out;
        private Object entity;
        private int next;

        WriterChain(Exchange exchange, ResponseState state, OutputStream out, List<WriterInterceptor> interceptors) {
            super(exchange, state.getEntityClass(), state.getEntityType(), state.getEntityAnnotations(),
                    state.getMediaType());
            this.exchange = exchange;
            this.state = state;
            this.out = out;
            this.entity = state.getEntity();
            this.interceptors = interceptors;
        }

        @Override
        @SuppressWarnings({"unchecked", "rawtypes"})
        public void proceed() throws IOException {
            if (next < interceptors.size()) {
                interceptors.get(next++).aroundWriteTo(this);
                return;
            }
            MediaType mediaType = getMediaType();
            for (Providers.Entry<MessageBodyWriter<?>> entry : providers.writers()) {
                MessageBodyWriter writer = entry.provider();
                if (compatible(entry.mediaTypes(), mediaType)
                        && writer.isWriteable(getType(), getGenericType(), getAnnotations(), mediaType)) {
                    writer.writeTo(entity, getType(), getGenericType(), getAnnotations(), mediaType, getHeaders(),
                            out);
                    out.flush();
                    return;
                }
            }
            writeBuiltIn(entity, mediaType, out, exchange.serverRequest().allocator());
            out.flush();
        }

        @Override
        public Object getEntity() {
            return entity;
        }

        @Override
        public void setEntity(Object entity) {
            this.entity = entity;
        }

        @Override
        public OutputStream getOutputStream() {
            return out;
        }

        @Override
        public void setOutputStream(OutputStream os) {
            this.out = os;
        }

        @Override
        public MultivaluedMap<String, Object> getHeaders() {
            return state.getHeaders();
        }

        @Override
        public void setMediaType(MediaType mediaType) {
            super.setMediaType(mediaType);
            state.mediaType(mediaType);
        }
    }

    private static boolean compatible(List<dev.brisk.codec.MediaType> declared, MediaType actual) {
        if (declared.isEmpty()) {
            return true;
        }
        dev.brisk.codec.MediaType type = MediaTypes.toBrisk(actual);
        for (dev.brisk.codec.MediaType candidate : declared) {
            if (candidate.isCompatibleWith(type)) {
                return true;
            }
        }
        return false;
    }

    private static Charset charset(MediaType mediaType) {
        String charset = mediaType == null ? null : mediaType.getParameters().get(MediaType.CHARSET_PARAMETER);
        try {
            return charset == null ? StandardCharsets.UTF_8 : Charset.forName(charset);
        } catch (IllegalArgumentException e) {
            throw new NotSupportedException("unsupported charset " + charset);
        }
    }
}
