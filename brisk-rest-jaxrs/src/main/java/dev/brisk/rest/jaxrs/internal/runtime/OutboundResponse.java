package dev.brisk.rest.jaxrs.internal.runtime;

import jakarta.ws.rs.core.EntityTag;
import jakarta.ws.rs.core.GenericType;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Link;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.NewCookie;
import jakarta.ws.rs.core.Response;
import java.lang.annotation.Annotation;
import java.net.URI;
import java.util.Collections;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * A response a resource returns to the server: status, entity (with the annotations to hand to the message body
 * writer) and mutable, case-insensitive headers whose values may be objects such as {@link MediaType} or
 * {@link Date}; {@link HeaderValues#headerValueToString(Object)} gives their wire form. It has no entity stream, so
 * the {@code readEntity} methods are unsupported.
 */
public final class OutboundResponse extends Response {

    private static final Annotation[] NO_ANNOTATIONS = new Annotation[0];

    private final StatusType status;
    private final Object entity;
    private final Annotation[] entityAnnotations;
    private final MultivaluedMap<String, Object> headers;
    private boolean closed;

    /**
     * @param status            the status
     * @param entity            the entity, or null for none
     * @param entityAnnotations annotations for the message body writer, or null for none
     * @param headers           the headers; used as they are (not copied), so should be case-insensitive
     */
    public OutboundResponse(StatusType status, Object entity, Annotation[] entityAnnotations,
            MultivaluedMap<String, Object> headers) {
        if (status == null) {
            throw new IllegalArgumentException("status is null");
        }
        this.status = status;
        this.entity = entity;
        this.entityAnnotations = entityAnnotations == null ? NO_ANNOTATIONS : entityAnnotations.clone();
        this.headers = headers == null ? new CaseInsensitiveMultivaluedMap<>() : headers;
    }

    @Override
    public int getStatus() {
        return status.getStatusCode();
    }

    @Override
    public StatusType getStatusInfo() {
        return status;
    }

    @Override
    public Object getEntity() {
        checkOpen();
        return entity;
    }

    /** The annotations given with the entity, for the message body writer; empty when none were given. */
    public Annotation[] entityAnnotations() {
        return entityAnnotations.clone();
    }

    @Override
    public boolean hasEntity() {
        checkOpen();
        return entity != null;
    }

    @Override
    public <T> T readEntity(Class<T> entityType) {
        throw noEntityStream();
    }

    @Override
    public <T> T readEntity(GenericType<T> entityType) {
        throw noEntityStream();
    }

    @Override
    public <T> T readEntity(Class<T> entityType, Annotation[] annotations) {
        throw noEntityStream();
    }

    @Override
    public <T> T readEntity(GenericType<T> entityType, Annotation[] annotations) {
        throw noEntityStream();
    }

    @Override
    public boolean bufferEntity() {
        throw noEntityStream();
    }

    private static IllegalStateException noEntityStream() {
        return new IllegalStateException(
                "an outbound response has no entity stream to read or buffer; use getEntity() instead");
    }

    @Override
    public void close() {
        closed = true;
    }

    @Override
    public boolean isClosed() {
        return closed;
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("the response has been closed");
        }
    }

    // ---- headers

    @Override
    public MultivaluedMap<String, Object> getMetadata() {
        return headers;
    }

    @Override
    public MultivaluedMap<String, String> getStringHeaders() {
        MultivaluedMap<String, String> strings = new CaseInsensitiveMultivaluedMap<>();
        for (Map.Entry<String, List<Object>> e : headers.entrySet()) {
            for (Object value : e.getValue()) {
                strings.add(e.getKey(), HeaderValues.headerValueToString(value));
            }
        }
        return strings;
    }

    @Override
    public String getHeaderString(String name) {
        return HeaderValues.join(headers.get(name));
    }

    private <T> T first(String name, Class<T> type, Function<String, T> parse) {
        Object value = headers.getFirst(name);
        if (value == null) {
            return null;
        }
        if (type.isInstance(value)) {
            return type.cast(value);
        }
        return parse.apply(HeaderValues.headerValueToString(value));
    }

    @Override
    public MediaType getMediaType() {
        return first(HttpHeaders.CONTENT_TYPE, MediaType.class, MediaTypeDelegate.INSTANCE::fromString);
    }

    @Override
    public Locale getLanguage() {
        return first(HttpHeaders.CONTENT_LANGUAGE, Locale.class, LocaleDelegate.INSTANCE::fromString);
    }

    @Override
    public int getLength() {
        Object value = headers.getFirst(HttpHeaders.CONTENT_LENGTH);
        if (value instanceof Number n) {
            return n.intValue();
        }
        if (value != null) {
            try {
                return Integer.parseInt(value.toString().trim());
            } catch (NumberFormatException ignored) {
                // an unreadable length counts as unknown
            }
        }
        return -1;
    }

    @Override
    public Set<String> getAllowedMethods() {
        Set<String> methods = new LinkedHashSet<>();
        for (Object value : headers.getOrDefault(HttpHeaders.ALLOW, List.of())) {
            for (String method : HeaderValues.headerValueToString(value).split(",")) {
                if (!method.isBlank()) {
                    methods.add(method.trim());
                }
            }
        }
        return Collections.unmodifiableSet(methods);
    }

    @Override
    public Map<String, NewCookie> getCookies() {
        Map<String, NewCookie> cookies = new LinkedHashMap<>();
        for (Object value : headers.getOrDefault(HttpHeaders.SET_COOKIE, List.of())) {
            NewCookie cookie = value instanceof NewCookie c
                    ? c : NewCookieDelegate.INSTANCE.fromString(HeaderValues.headerValueToString(value));
            cookies.put(cookie.getName(), cookie);
        }
        return Collections.unmodifiableMap(cookies);
    }

    @Override
    public EntityTag getEntityTag() {
        return first(HttpHeaders.ETAG, EntityTag.class, EntityTagDelegate.INSTANCE::fromString);
    }

    @Override
    public Date getDate() {
        return first(HttpHeaders.DATE, Date.class, DateDelegate.INSTANCE::fromString);
    }

    @Override
    public Date getLastModified() {
        return first(HttpHeaders.LAST_MODIFIED, Date.class, DateDelegate.INSTANCE::fromString);
    }

    @Override
    public URI getLocation() {
        return first(HttpHeaders.LOCATION, URI.class, URI::create);
    }

    @Override
    public Set<Link> getLinks() {
        return LinkHeaders.of(headers.get(HttpHeaders.LINK));
    }

    @Override
    public boolean hasLink(String relation) {
        return getLink(relation) != null;
    }

    @Override
    public Link getLink(String relation) {
        return LinkHeaders.find(getLinks(), relation);
    }

    @Override
    public Link.Builder getLinkBuilder(String relation) {
        return LinkHeaders.builder(getLinks(), relation);
    }

    @Override
    public String toString() {
        return "OutboundResponse{" + status.getStatusCode() + " " + status.getReasonPhrase() + ", headers="
                + headers + ", entity=" + (entity == null ? "none" : entity.getClass().getName()) + "}";
    }
}
