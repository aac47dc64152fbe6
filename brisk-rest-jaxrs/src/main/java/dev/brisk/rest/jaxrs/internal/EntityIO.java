package dev.brisk.rest.jaxrs.internal;

import dev.brisk.codec.BodyCodec;
import dev.brisk.codec.CodecException;
import dev.brisk.codec.Codecs;
import dev.brisk.codec.ContentNegotiation;
import dev.brisk.http.ServerResponse;
import dev.brisk.rest.jaxrs.internal.runtime.HeaderValues;
import dev.brisk.rest.jaxrs.internal.runtime.MediaTypes;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufInputStream;
import io.netty.buffer.ByteBufOutputStream;
import io.netty.buffer.ByteBufUtil;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.NotAcceptableException;
import jakarta.ws.rs.NotSupportedException;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.core.EntityPart;
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

import dev.brisk.rest.multipart.Part;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import jakarta.ws.rs.core.MultivaluedHashMap;
import jakarta.ws.rs.ext.ReaderInterceptorContext;
import jakarta.ws.rs.ext.WriterInterceptorContext;
import java.io.ByteArrayInputStream;
import java.io.CharArrayWriter;
import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.net.URI;
import java.nio.channels.FileChannel;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads request entities and writes response entities: the application's {@code MessageBodyReader}s and
 * {@code MessageBodyWriter}s first, then built-in handling of {@code String}, {@code byte[]}, streams,
 * {@code StreamingOutput}, files, forms and Brisk's codecs (JSON by Jackson, ...), wrapped by the reader and writer
 * interceptors bound to the method. Without interceptors or custom providers, entities go straight between the
 * codec and Netty buffers.
 */
final class EntityIO {

    private static final System.Logger LOG = System.getLogger("dev.brisk.rest.jaxrs");
    private static final int NO_CONTENT = 204;

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
        if (raw == List.class && GenericTypes.raw(GenericTypes.firstArgument(type)) == EntityPart.class) {
            // the engine parsed the multipart body as it arrived: the parts, not the raw body
            return this::parts;
        }
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
        if (input == null && exchange.multipart()) {
            if (raw == Form.class || raw == MultivaluedMap.class) {
                MultivaluedMap<String, String> fields = new MultivaluedHashMap<>();
                exchange.context().formParams().forEach(fields::put);
                return raw == Form.class ? new Form(fields) : fields;
            }
            throw new IllegalStateException("a multipart/form-data body is received as parts: read it as "
                    + "List<EntityPart> or with @FormParam parameters, not as " + type.getTypeName());
        }
        ByteBuf body = input == null ? exchange.serverRequest().body() : null;
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

    // ---- multipart ----------------------------------------------------------------------------------------------

    /**
     * The parts of the request's {@code multipart/form-data} body, as Brisk received them before the resource method
     * ran; the same objects for every parameter of one request.
     *
     * @throws NotSupportedException when the body is not {@code multipart/form-data}
     */
    List<EntityPart> parts(Exchange exchange) {
        List<EntityPart> parts = exchange.entityParts();
        if (parts == null) {
            if (!exchange.multipart()) {
                throw new NotSupportedException("the request body is not multipart/form-data (Content-Type: "
                        + exchange.getHeaderString(HttpHeaders.CONTENT_TYPE) + ")");
            }
            List<EntityPart> received = new ArrayList<>();
            for (Part part : exchange.context().multipart().parts()) {
                received.add(new ReceivedEntityPart(part, this, exchange));
            }
            parts = List.copyOf(received);
            exchange.entityParts(parts);
        }
        return parts;
    }

    /** The parts named {@code name}; none when the body is not multipart. */
    List<EntityPart> parts(Exchange exchange, String name) {
        if (!exchange.multipart()) {
            return List.of();
        }
        List<EntityPart> named = new ArrayList<>(1);
        for (EntityPart part : parts(exchange)) {
            if (part.getName().equals(name)) {
                named.add(part);
            }
        }
        return named;
    }

    /**
     * The values of form field {@code name}: of a URL-encoded body, or the content of the multipart parts of that
     * name as text (in the part's charset, else UTF-8).
     */
    List<String> formValues(Exchange exchange, String name) {
        if (!exchange.multipart()) {
            List<String> values = exchange.form().get(name);
            return values == null ? List.of() : values;
        }
        List<String> values = new ArrayList<>(1);
        for (EntityPart part : parts(exchange, name)) {
            try {
                values.add(((ReceivedEntityPart) part).part().string());
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read part '" + name + "': " + e.getMessage(), e);
            }
        }
        return values;
    }

    private static MultivaluedMap<String, String> formOf(InputStream input, Charset charset) throws IOException {
        MultivaluedMap<String, String> form = new MultivaluedHashMap<>();
        Uris.parseQuery(new String(input.readAllBytes(), charset), true).forEach(form::put);
        return form;
    }

    /** The reader interceptor chain of one read. */
    private final class ReaderChain extends InterceptorContextBase implements ReaderInterceptorContext {
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

    /** The body of a response written in memory, and the Content-Type Brisk chose for it (null: the state has one). */
    record Rendered(ByteBuf body, String contentType) {
    }

    /**
     * Sends {@code state}: streamed entities ({@code StreamingOutput}, streams, files, multipart parts) through a
     * {@link StreamedEntity}, the others written into a buffer (through the writer interceptors) and sent at once.
     *
     * @param failures answers a failure of a streamed entity before its head left
     */
    void write(Exchange exchange, ResponseState state, List<dev.brisk.codec.MediaType> produces, Bound bound,
               StreamedEntity.Failures failures) throws IOException {
        Object entity = state.getEntity();
        if (entity != null && state.getStatus() == NO_CONTENT) {
            // a 204 has no content (RFC 9110, 15.3.5): as in Jersey, its entity and the entity's type are not sent
            state.setEntity(null);
            state.getHeaders().remove(HttpHeaders.CONTENT_TYPE);
            entity = null;
        }
        if (entity != null && streamed(entity, state.getEntityType())) {
            prepareStreamed(exchange, state, produces);
            Path file = zeroCopyFile(entity, state, bound);
            if (file != null) {
                sendFile(exchange, state, file);
            } else {
                exchange.context().send(new StreamedEntity(this, exchange, state, bound, failures));
            }
            return;
        }
        Rendered rendered = render(exchange, state, produces, bound);
        applyHead(exchange, state, rendered.contentType());
        ServerResponse response = exchange.context().response();
        if (rendered.body() == null) {
            response.send();
        } else {
            response.send(rendered.body());
        }
    }

    /** Chooses the media type and writes the entity, if any, into a buffer (through the interceptors). */
    Rendered render(Exchange exchange, ResponseState state, List<dev.brisk.codec.MediaType> produces, Bound bound)
            throws IOException {
        Object entity = state.getEntity();
        if (entity == null) {
            return new Rendered(null, null);
        }
        ByteBuf body;
        String contentType = null;
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
                OutputStream out = new ByteBufOutputStream(buffer);
                new WriterChain(exchange, state, out, out, bound.writers()).proceed();
                body = buffer;
            } catch (IOException | RuntimeException | Error e) {
                buffer.release();
                throw e;
            }
        }
        return new Rendered(body, contentType);
    }

    /** Sets the status, the Content-Type Brisk chose (null: the state's headers hold it) and the headers. */
    void applyHead(Exchange exchange, ResponseState state, String contentType) {
        ServerResponse response = exchange.context().response();
        response.status(state.getStatus());
        if (contentType != null) {
            response.headers().set("content-type", contentType);
        }
        if (state.hasHeaders()) {
            writeHeaders(exchange, state, response);
        }
    }

    /**
     * Writes a streamed entity to {@code out} through the writer interceptors and the entity writer; the state's
     * Content-Type is set (see {@link #prepareStreamed}).
     */
    void writeStreamed(Exchange exchange, ResponseState state, CommittingOutputStream out, Bound bound)
            throws IOException {
        new WriterChain(exchange, state, out, out, bound.writers()).proceed();
    }

    /**
     * Whether an entity is streamed rather than written into memory: {@code StreamingOutput}, {@code InputStream},
     * {@code Reader}, files, and multipart parts ({@code List<EntityPart>}).
     */
    static boolean streamed(Object entity, Type entityType) {
        return entity instanceof StreamingOutput || entity instanceof InputStream || entity instanceof Reader
                || entity instanceof Path || entity instanceof File
                || MultipartEntities.isParts(entity, entityType);
    }

    /** Decides a streamed entity's Content-Type (with a boundary for multipart parts) and puts it into the state. */
    private void prepareStreamed(Exchange exchange, ResponseState state, List<dev.brisk.codec.MediaType> produces) {
        Object entity = state.getEntity();
        boolean parts = MultipartEntities.isParts(entity, state.getEntityType());
        Object declared = state.hasHeaders() ? state.getHeaders().getFirst(HttpHeaders.CONTENT_TYPE) : null;
        dev.brisk.codec.MediaType type;
        if (declared != null) {
            type = MediaTypes.toBrisk(declared);
        } else if (parts && produces.isEmpty()) {
            type = dev.brisk.codec.MediaType.MULTIPART_FORM_DATA;
        } else {
            type = chooseType(exchange, entity.getClass(), state, produces);
        }
        if (parts) {
            type = MultipartEntities.withBoundary(type);
        }
        state.mediaType(MediaTypes.toJaxRs(type));
    }

    /**
     * The file of a {@code File}/{@code Path} entity that can be sent as it is (zero-copy, with its length): no writer
     * interceptor and no application writer for it. Null otherwise.
     *
     * @throws NoSuchFileException when the file does not exist (before anything was sent: the mappers answer it)
     */
    private Path zeroCopyFile(Object entity, ResponseState state, Bound bound) throws IOException {
        if (!(entity instanceof Path) && !(entity instanceof File)) {
            return null;
        }
        Path path = entity instanceof File file ? file.toPath() : (Path) entity;
        if (!Files.isRegularFile(path)) {
            throw new NoSuchFileException(path.toString(), null, "not a regular file");
        }
        if (!bound.writers().isEmpty() || applicationWriter(state) != null) {
            return null;
        }
        return path;
    }

    private void sendFile(Exchange exchange, ResponseState state, Path file) {
        applyHead(exchange, state, null);
        exchange.context().async();
        exchange.context().response().sendFile(file).whenComplete((v, error) -> {
            if (error != null) {
                LOG.log(System.Logger.Level.DEBUG, () -> "sending " + file + " failed: " + error);
            }
        });
    }

    /**
     * The entity's length when known before writing it: a {@code Content-Length} the application set, else that of
     * an in-memory or file stream written as it is (no interceptor, no application writer); -1 otherwise.
     */
    long declaredLength(ResponseState state, Bound bound) {
        Object header = state.hasHeaders() ? state.getHeaders().getFirst(HttpHeaders.CONTENT_LENGTH) : null;
        if (header != null) {
            try {
                return Long.parseLong(header.toString().trim());
            } catch (NumberFormatException e) {
                throw new IllegalStateException("invalid Content-Length set by the application: " + header, e);
            }
        }
        Object entity = state.getEntity();
        if (!bound.writers().isEmpty() || applicationWriter(state) != null) {
            return -1;
        }
        try {
            if (entity != null && entity.getClass() == ByteArrayInputStream.class) {
                return ((InputStream) entity).available();
            }
            if (entity instanceof FileInputStream file) {
                FileChannel channel = file.getChannel();
                return channel.size() - channel.position();
            }
        } catch (IOException e) {
            return -1;
        }
        return -1;
    }

    /** The application's writer for the state's entity and media type, or null. */
    private MessageBodyWriter<?> applicationWriter(ResponseState state) {
        MediaType mediaType = state.getMediaType();
        for (Providers.Entry<MessageBodyWriter<?>> entry : providers.writers()) {
            if (compatible(entry.mediaTypes(), mediaType) && entry.provider().isWriteable(state.getEntityClass(),
                    state.getEntityType(), state.getEntityAnnotations(), mediaType)) {
                return entry.provider();
            }
        }
        return null;
    }

    private static void writeHeaders(Exchange exchange, ResponseState state, ServerResponse response) {
        for (Map.Entry<String, List<Object>> header : state.getHeaders().entrySet()) {
            String name = header.getKey().toLowerCase(Locale.ROOT);
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
        return withAcceptedParameters(chosen, accepted);
    }

    /**
     * The chosen type with the parameters of the Accept entry that names it exactly, when that entry has more: of the
     * pair an acceptable and a producible type make, Jersey answers with the more specific one (section 3.8 of the
     * specification), so {@code Accept: text/plain; charset=UTF-8} for {@code @Produces("text/plain")} is answered
     * (and written) as {@code text/plain;charset=utf-8}. An entry whose charset the JDK lacks is not taken.
     */
    private static dev.brisk.codec.MediaType withAcceptedParameters(dev.brisk.codec.MediaType chosen,
                                                                    List<dev.brisk.codec.MediaType> accepted) {
        for (dev.brisk.codec.MediaType wanted : accepted) {
            if (wanted.quality() > 0 && !wanted.isWildcardType() && !wanted.isWildcardSubtype()
                    && wanted.type().equals(chosen.type()) && wanted.subtype().equals(chosen.subtype())) {
                if (wanted.parameters().size() <= chosen.parameters().size()) {
                    return chosen;
                }
                String charset = wanted.parameters().get("charset");
                if (charset != null && !supported(charset)) {
                    return chosen;
                }
                return dev.brisk.codec.MediaType.of(wanted.type(), wanted.subtype(), wanted.parameters());
            }
        }
        return chosen;
    }

    private static boolean supported(String charset) {
        try {
            return Charset.isSupported(charset);
        } catch (IllegalArgumentException e) { // an illegal name
            return false;
        }
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
                || type == File.class) {
            return List.of(dev.brisk.codec.MediaType.APPLICATION_OCTET_STREAM);
        }
        List<dev.brisk.codec.MediaType> types = codecs.producible(type);
        return types.isEmpty() ? List.of(dev.brisk.codec.MediaType.APPLICATION_OCTET_STREAM) : types;
    }

    /** Writes without interceptors or custom writers: straight into a buffer. */
    private ByteBuf writeBuiltIn(Exchange exchange, Object entity, dev.brisk.codec.MediaType mediaType)
            throws IOException {
        ByteBufAllocator allocator = exchange.serverRequest().allocator();
        if (entity instanceof String text) {
            Charset charset = mediaType.charsetOrUtf8();
            return charset == StandardCharsets.UTF_8 ? ByteBufUtil.writeUtf8(allocator, text)
                    : Unpooled.wrappedBuffer(text.getBytes(charset));
        }
        if (entity instanceof byte[] bytes) {
            return Unpooled.wrappedBuffer(bytes);
        }
        if (codecEntity(entity)) {
            return encode(entity, mediaType, allocator);
        }
        ByteBuf buffer = allocator.buffer();
        try (OutputStream out = new ByteBufOutputStream(buffer)) {
            writeBuiltIn(entity, entity.getClass(), MediaTypes.toJaxRs(mediaType), out, allocator);
            return buffer;
        } catch (IOException | RuntimeException | Error e) {
            buffer.release();
            throw e;
        }
    }

    /** Numbers, booleans and characters written as {@code text/plain}, as the specification's built-in writers do. */
    private static boolean plainValue(Object entity, MediaType mediaType) {
        return (entity instanceof Number || entity instanceof Boolean || entity instanceof Character)
                && mediaType != null && mediaType.isCompatible(MediaType.TEXT_PLAIN_TYPE);
    }

    private static boolean codecEntity(Object entity) {
        return !(entity instanceof StreamingOutput || entity instanceof InputStream || entity instanceof Path
                || entity instanceof File || entity instanceof Reader);
    }

    private ByteBuf encode(Object entity, dev.brisk.codec.MediaType briskType,
                           ByteBufAllocator allocator) {
        BodyCodec codec = codecs.encoder(entity.getClass(), briskType).orElseThrow(() -> new IllegalStateException(
                "no MessageBodyWriter or codec writes " + entity.getClass().getName() + " as "
                        + briskType));
        return codec.encode(entity, briskType, allocator);
    }

    /** The built-in writer, on a stream (under writer interceptors). */
    private void writeBuiltIn(Object entity, Type entityType, MediaType mediaType, OutputStream out,
                              ByteBufAllocator allocator) throws IOException {
        if (MultipartEntities.isParts(entity, entityType)) {
            MultipartEntities.write((List<?>) entity, mediaType, out, this);
        } else if (entity instanceof String text) {
            out.write(text.getBytes(charset(mediaType)));
        } else if (plainValue(entity, mediaType)) {
            out.write(entity.toString().getBytes(charset(mediaType)));
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
        } else if (entity instanceof File file) {
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

    /**
     * Writes {@code entity} as {@code mediaType} with the application's writers, else the built-in ones, without
     * interceptors: the content of multipart parts and the data of Server-Sent Events.
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    void writeEntity(Object entity, Class<?> type, Type genericType, MediaType mediaType,
                     MultivaluedMap<String, Object> headers, OutputStream out) throws IOException {
        Annotation[] none = new Annotation[0];
        for (Providers.Entry<MessageBodyWriter<?>> entry : providers.writers()) {
            MessageBodyWriter writer = entry.provider();
            if (compatible(entry.mediaTypes(), mediaType) && writer.isWriteable(type, genericType, none, mediaType)) {
                writer.writeTo(entity, type, genericType, none, mediaType, headers, out);
                return;
            }
        }
        writeBuiltIn(entity, genericType, mediaType, out, ByteBufAllocator.DEFAULT);
    }

    private static char[] readAll(Reader reader) throws IOException {
        CharArrayWriter chars = new CharArrayWriter();
        reader.transferTo(chars);
        return chars.toCharArray();
    }

    /** The writer interceptor chain of one write. */
    private final class WriterChain extends InterceptorContextBase implements WriterInterceptorContext {
        private final Exchange exchange;
        private final ResponseState state;
        private final List<WriterInterceptor> interceptors;
        /** The stream the chain started with, under whatever the interceptors wrap around it. */
        private final OutputStream root;
        private OutputStream out;
        private Object entity;
        private int next;

        WriterChain(Exchange exchange, ResponseState state, OutputStream root, OutputStream out,
                    List<WriterInterceptor> interceptors) {
            super(exchange, state.getEntityClass(), state.getEntityType(), state.getEntityAnnotations(),
                    state.getMediaType());
            this.exchange = exchange;
            this.state = state;
            this.root = root;
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
                    flushWritten();
                    return;
                }
            }
            writeBuiltIn(entity, getGenericType(), mediaType, out, exchange.serverRequest().allocator());
            flushWritten();
        }

        /** Pushes what wrapping streams hold into the root stream, without committing a streamed response's head. */
        private void flushWritten() throws IOException {
            if (root instanceof CommittingOutputStream committing) {
                committing.flushWithoutCommitting(out);
            } else {
                out.flush();
            }
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
