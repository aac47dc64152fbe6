package dev.brisk.rest.jaxrs.internal;

import dev.brisk.rest.jaxrs.internal.runtime.CaseInsensitiveMultivaluedMap;
import dev.brisk.rest.jaxrs.internal.runtime.HeaderValues;
import dev.brisk.rest.jaxrs.internal.runtime.LinkHeaders;
import dev.brisk.rest.jaxrs.internal.runtime.MediaTypes;
import dev.brisk.rest.jaxrs.internal.runtime.ResponseStatus;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.core.EntityTag;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Link;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.NewCookie;
import jakarta.ws.rs.core.Response;

import dev.brisk.http.common.HttpStatus;
import jakarta.ws.rs.core.GenericEntity;
import java.io.OutputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.net.URI;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/** A response on its way out: what response filters see and change, then what the entity writer writes. */
final class ResponseState implements ContainerResponseContext {

    private static final Annotation[] NONE = new Annotation[0];

    private Response.StatusType status;
    private MultivaluedMap<String, Object> headers;
    private Object entity;
    private Type entityType;
    private Annotation[] annotations = NONE;
    private OutputStream entityStream;

    ResponseState(Response response, Type declaredType, Annotation[] methodAnnotations) {
        this.status = response.getStatusInfo();
        response.getHeaders().forEach((name, values) -> getHeaders().put(name, new ArrayList<>(values)));
        Object body = response.getEntity();
        Type type = body == null ? null : body.getClass();
        if (body instanceof GenericEntity<?> generic) {
            body = generic.getEntity();
            type = generic.getType();
        } else if (body != null && declaredType != null && declaredType != Object.class
                && declaredType != Response.class && GenericTypes.raw(declaredType).isInstance(body)) {
            type = declaredType;
        }
        this.entity = body;
        this.entityType = type;
        this.annotations = methodAnnotations == null ? NONE : methodAnnotations;
    }

    /** A response with {@code status} and an entity of the method's declared type (no headers yet). */
    ResponseState(int status, Object entity, Type declaredType, Annotation[] methodAnnotations) {
        setStatus(status);
        this.entity = entity;
        this.entityType = entity == null ? null : declaredType != null && GenericTypes.raw(declaredType)
                .isInstance(entity) ? declaredType : entity.getClass();
        this.annotations = methodAnnotations == null ? NONE : methodAnnotations;
    }

    @Override
    public int getStatus() {
        return status.getStatusCode();
    }

    @Override
    public void setStatus(int code) {
        Response.StatusType known = code == 200 ? Response.Status.OK : code == 204 ? Response.Status.NO_CONTENT
                : Response.Status.fromStatusCode(code);
        this.status = known != null ? known
                : ResponseStatus.of(code, HttpStatus.reasonPhrase(code));
    }

    @Override
    public Response.StatusType getStatusInfo() {
        return status;
    }

    @Override
    public void setStatusInfo(Response.StatusType statusInfo) {
        this.status = Objects.requireNonNull(statusInfo, "statusInfo");
    }

    @Override
    public MultivaluedMap<String, Object> getHeaders() {
        if (headers == null) {
            headers = new CaseInsensitiveMultivaluedMap<>();
        }
        return headers;
    }

    /** Whether any header was set (the map is created only then). */
    boolean hasHeaders() {
        return headers != null && !headers.isEmpty();
    }

    @Override
    public MultivaluedMap<String, String> getStringHeaders() {
        MultivaluedMap<String, String> strings = new CaseInsensitiveMultivaluedMap<>();
        getHeaders().forEach((name, values) -> values.forEach(v ->
                strings.add(name, HeaderValues.headerValueToString(v))));
        return strings;
    }

    @Override
    public String getHeaderString(String name) {
        List<Object> values = getHeaders().get(name);
        if (values == null) {
            return null;
        }
        StringBuilder sb = new StringBuilder();
        for (Object value : values) {
            if (sb.length() > 0) {
                sb.append(',');
            }
            sb.append(HeaderValues.headerValueToString(value));
        }
        return sb.toString();
    }

    @Override
    public boolean containsHeaderString(String name, String separator, Predicate<String> predicate) {
        String value = getHeaderString(name);
        if (value == null) {
            return false;
        }
        for (String part : value.split(Pattern.quote(separator))) {
            if (predicate.test(part.trim())) {
                return true;
            }
        }
        return false;
    }

    @Override
    public Set<String> getAllowedMethods() {
        String allow = getHeaderString(HttpHeaders.ALLOW);
        Set<String> methods = new LinkedHashSet<>();
        if (allow != null) {
            for (String method : allow.split(",")) {
                if (!method.isBlank()) {
                    methods.add(method.trim().toUpperCase(Locale.ROOT));
                }
            }
        }
        return methods;
    }

    @Override
    public Date getDate() {
        return date(HttpHeaders.DATE);
    }

    private Date date(String name) {
        Object value = getHeaders().getFirst(name);
        if (value instanceof Date date) {
            return date;
        }
        return value == null ? null : HttpDates.parse(value.toString());
    }

    @Override
    public Locale getLanguage() {
        Object value = getHeaders().getFirst(HttpHeaders.CONTENT_LANGUAGE);
        if (value instanceof Locale locale) {
            return locale;
        }
        return value == null ? null : Locale.forLanguageTag(value.toString());
    }

    @Override
    public int getLength() {
        Object value = getHeaders().getFirst(HttpHeaders.CONTENT_LENGTH);
        try {
            return value == null ? -1 : Integer.parseInt(value.toString());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    @Override
    public MediaType getMediaType() {
        Object value = getHeaders().getFirst(HttpHeaders.CONTENT_TYPE);
        if (value instanceof MediaType type) {
            return type;
        }
        return value == null ? null : MediaTypes.fromString(value.toString());
    }

    void mediaType(MediaType type) {
        getHeaders().putSingle(HttpHeaders.CONTENT_TYPE, type);
    }

    @Override
    @SuppressWarnings("deprecation") // NewCookie.valueOf: the header delegate of this runtime, as the API defines it
    public Map<String, NewCookie> getCookies() {
        Map<String, NewCookie> cookies = new LinkedHashMap<>();
        List<Object> values = getHeaders().get(HttpHeaders.SET_COOKIE);
        if (values != null) {
            for (Object value : values) {
                NewCookie cookie = value instanceof NewCookie c ? c : NewCookie.valueOf(value.toString());
                cookies.put(cookie.getName(), cookie);
            }
        }
        return cookies;
    }

    @Override
    @SuppressWarnings("deprecation") // EntityTag.valueOf: the header delegate of this runtime, as the API defines it
    public EntityTag getEntityTag() {
        Object value = getHeaders().getFirst(HttpHeaders.ETAG);
        if (value instanceof EntityTag tag) {
            return tag;
        }
        return value == null ? null : EntityTag.valueOf(value.toString());
    }

    @Override
    public Date getLastModified() {
        return date(HttpHeaders.LAST_MODIFIED);
    }

    @Override
    public URI getLocation() {
        Object value = getHeaders().getFirst(HttpHeaders.LOCATION);
        if (value instanceof URI uri) {
            return uri;
        }
        return value == null ? null : URI.create(value.toString());
    }

    @Override
    public Set<Link> getLinks() {
        return hasHeaders() ? LinkHeaders.of(getHeaders().get(HttpHeaders.LINK)) : Set.of();
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
    public boolean hasEntity() {
        return entity != null;
    }

    @Override
    public Object getEntity() {
        return entity;
    }

    @Override
    public Class<?> getEntityClass() {
        return entity == null ? null : entity.getClass();
    }

    @Override
    public Type getEntityType() {
        return entityType;
    }

    @Override
    public void setEntity(Object entity) {
        this.entity = entity;
        this.entityType = entity == null ? null : entity.getClass();
    }

    @Override
    public void setEntity(Object entity, Annotation[] annotations, MediaType mediaType) {
        setEntity(entity);
        this.annotations = annotations == null ? NONE : annotations;
        if (mediaType != null) {
            mediaType(mediaType);
        }
    }

    @Override
    public Annotation[] getEntityAnnotations() {
        return annotations;
    }

    @Override
    public OutputStream getEntityStream() {
        return entityStream;
    }

    @Override
    public void setEntityStream(OutputStream outputStream) {
        this.entityStream = outputStream;
    }
}
