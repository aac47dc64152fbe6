package dev.brisk.rest.jaxrs.internal;

import dev.brisk.rest.jaxrs.internal.runtime.MediaTypes;
import dev.brisk.rest.jaxrs.internal.runtime.OutboundEntityPart;
import jakarta.ws.rs.core.EntityPart;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedHashMap;
import jakarta.ws.rs.core.MultivaluedMap;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code List<EntityPart>} entities written as {@code multipart/form-data} (RFC 7578): a boundary per response, one
 * {@code Content-Disposition} and {@code Content-Type} per part, the content streamed from the part's stream or
 * written by the entity writers for the part's media type.
 */
final class MultipartEntities {

    private static final byte[] CRLF = {'\r', '\n'};
    private static final SecureRandom RANDOM = new SecureRandom();

    private MultipartEntities() {
    }

    /** Whether {@code entity} is a {@code List<EntityPart>} (by its declared type, else by its elements). */
    static boolean isParts(Object entity, Type declared) {
        if (!(entity instanceof List<?> list)) {
            return false;
        }
        if (declared != null && GenericTypes.raw(declared) != null && List.class.isAssignableFrom(
                GenericTypes.raw(declared)) && declared instanceof ParameterizedType) {
            return GenericTypes.raw(GenericTypes.firstArgument(declared)) == EntityPart.class;
        }
        if (list.isEmpty()) {
            return false;
        }
        for (Object element : list) {
            if (!(element instanceof EntityPart)) {
                return false;
            }
        }
        return true;
    }

    /**
     * {@code type} with a new boundary unless it has one.
     *
     * @throws IllegalStateException when {@code type} is not a multipart type
     */
    static dev.brisk.codec.MediaType withBoundary(dev.brisk.codec.MediaType type) {
        if (!type.type().equalsIgnoreCase("multipart")) {
            throw new IllegalStateException("a List<EntityPart> entity is written as multipart/form-data, not as "
                    + type);
        }
        if (type.parameters().containsKey("boundary")) {
            return type;
        }
        byte[] random = new byte[16];
        RANDOM.nextBytes(random);
        Map<String, String> parameters = new LinkedHashMap<>(type.parameters());
        parameters.put("boundary", "brisk-" + HexFormat.of().formatHex(random));
        return dev.brisk.codec.MediaType.of(type.type(), type.subtype(), parameters);
    }

    /** Writes {@code parts} as the body of {@code mediaType}, whose boundary parameter separates them. */
    static void write(List<?> parts, MediaType mediaType, OutputStream out, EntityIO entities) throws IOException {
        String boundary = mediaType.getParameters().get("boundary");
        if (boundary == null) {
            throw new IllegalStateException("multipart media type without a boundary: " + mediaType);
        }
        byte[] delimiter = ("--" + boundary).getBytes(StandardCharsets.US_ASCII);
        for (Object element : parts) {
            EntityPart part = (EntityPart) element;
            out.write(delimiter);
            out.write(CRLF);
            out.write(head(part).getBytes(StandardCharsets.UTF_8));
            out.write(CRLF);
            content(part, out, entities);
            out.write(CRLF);
        }
        out.write(delimiter);
        out.write(new byte[] {'-', '-', '\r', '\n'});
    }

    /** The part's header block: Content-Disposition, Content-Type, then its other headers; each line ends in CRLF. */
    private static String head(EntityPart part) {
        StringBuilder head = new StringBuilder(128);
        head.append("Content-Disposition: form-data; name=\"").append(quoted(part.getName())).append('"');
        part.getFileName().ifPresent(name -> head.append("; filename=\"").append(quoted(name)).append('"'));
        head.append("\r\nContent-Type: ").append(MediaTypes.toString(part.getMediaType())).append("\r\n");
        for (Map.Entry<String, List<String>> header : part.getHeaders().entrySet()) {
            String name = header.getKey();
            if (name.equalsIgnoreCase(HttpHeaders.CONTENT_TYPE) || name.equalsIgnoreCase("Content-Disposition")) {
                continue;
            }
            for (String value : header.getValue()) {
                head.append(name).append(": ").append(value.replace('\r', ' ').replace('\n', ' ')).append("\r\n");
            }
        }
        return head.toString();
    }

    /** A name for a quoted Content-Disposition parameter, escaped as browsers do (WHATWG HTML form encoding). */
    private static String quoted(String value) {
        return value.replace("\"", "%22").replace("\r", "%0D").replace("\n", "%0A");
    }

    private static void content(EntityPart part, OutputStream out, EntityIO entities) throws IOException {
        if (part instanceof OutboundEntityPart outbound && !(outbound.content() instanceof InputStream)) {
            MultivaluedMap<String, Object> headers = new MultivaluedHashMap<>();
            part.getHeaders().forEach((name, values) -> headers.put(name, List.copyOf(values)));
            entities.writeEntity(outbound.content(), outbound.contentType(), outbound.genericType(),
                    part.getMediaType(), headers, out);
            return;
        }
        try (InputStream in = part.getContent()) {
            in.transferTo(out);
        }
    }
}
