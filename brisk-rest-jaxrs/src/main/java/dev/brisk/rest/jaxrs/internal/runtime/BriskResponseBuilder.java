package dev.brisk.rest.jaxrs.internal.runtime;

import jakarta.ws.rs.core.CacheControl;
import jakarta.ws.rs.core.EntityTag;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Link;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.NewCookie;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.Variant;
import java.lang.annotation.Annotation;
import java.net.URI;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Date;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

/**
 * Builds {@link OutboundResponse}s. Typed header values are stored as the objects given (rendered on the wire by
 * {@link HeaderValues}); a relative {@code Location} is kept as given for the server to resolve against the request.
 * Without an explicit status the response is 200 with an entity and 204 without.
 */
public final class BriskResponseBuilder extends Response.ResponseBuilder {

    private Response.StatusType status;
    private Object entity;
    private Annotation[] entityAnnotations;
    private MultivaluedMap<String, Object> headers = new CaseInsensitiveMultivaluedMap<>();

    @Override
    public Response build() {
        Response.StatusType st = status != null ? status : entity == null ? Response.Status.NO_CONTENT
                : Response.Status.OK;
        OutboundResponse response = new OutboundResponse(st, entity, entityAnnotations,
                new CaseInsensitiveMultivaluedMap<>(headers));
        // the builder is reset to the state Response.ok() leaves it in
        status = Response.Status.OK;
        entity = null;
        entityAnnotations = null;
        headers = new CaseInsensitiveMultivaluedMap<>();
        return response;
    }

    @Override
    public Response.ResponseBuilder clone() {
        BriskResponseBuilder copy = new BriskResponseBuilder();
        copy.status = status;
        copy.entity = entity;
        copy.entityAnnotations = entityAnnotations;
        copy.headers = new CaseInsensitiveMultivaluedMap<>(headers);
        return copy;
    }

    @Override
    public Response.ResponseBuilder status(int status) {
        return status(status, null);
    }

    @Override
    public Response.ResponseBuilder status(int status, String reasonPhrase) {
        this.status = ResponseStatus.of(status, reasonPhrase);
        return this;
    }

    @Override
    public Response.ResponseBuilder entity(Object entity) {
        this.entity = entity;
        this.entityAnnotations = null;
        return this;
    }

    @Override
    public Response.ResponseBuilder entity(Object entity, Annotation[] annotations) {
        this.entity = entity;
        this.entityAnnotations = annotations == null ? null : annotations.clone();
        return this;
    }

    // ---- headers

    @Override
    public Response.ResponseBuilder header(String name, Object value) {
        if (name == null) {
            throw new IllegalArgumentException("header name is null");
        }
        if (value == null) {
            headers.remove(name);
        } else {
            headers.add(name, value);
        }
        return this;
    }

    private Response.ResponseBuilder single(String name, Object value) {
        if (value == null) {
            headers.remove(name);
        } else {
            headers.putSingle(name, value);
        }
        return this;
    }

    @Override
    public Response.ResponseBuilder replaceAll(MultivaluedMap<String, Object> headers) {
        this.headers = new CaseInsensitiveMultivaluedMap<>();
        if (headers != null) {
            for (Map.Entry<String, List<Object>> e : headers.entrySet()) {
                if (e.getValue() != null) {
                    for (Object value : e.getValue()) {
                        this.headers.add(e.getKey(), value);
                    }
                }
            }
        }
        return this;
    }

    @Override
    public Response.ResponseBuilder allow(String... methods) {
        return allow(methods == null ? null : new LinkedHashSet<>(Arrays.asList(methods)));
    }

    @Override
    public Response.ResponseBuilder allow(Set<String> methods) {
        if (methods == null) {
            return single(HttpHeaders.ALLOW, null);
        }
        Set<String> unique = new LinkedHashSet<>();
        for (String method : methods) {
            if (method != null && !method.isBlank()) {
                unique.add(method.trim());
            }
        }
        return single(HttpHeaders.ALLOW, String.join(",", unique));
    }

    @Override
    public Response.ResponseBuilder cacheControl(CacheControl cacheControl) {
        return single(HttpHeaders.CACHE_CONTROL, cacheControl);
    }

    @Override
    public Response.ResponseBuilder encoding(String encoding) {
        return single(HttpHeaders.CONTENT_ENCODING, encoding);
    }

    @Override
    public Response.ResponseBuilder language(String language) {
        return single(HttpHeaders.CONTENT_LANGUAGE, language);
    }

    @Override
    public Response.ResponseBuilder language(Locale language) {
        return single(HttpHeaders.CONTENT_LANGUAGE, language);
    }

    @Override
    public Response.ResponseBuilder type(MediaType type) {
        return single(HttpHeaders.CONTENT_TYPE, type);
    }

    @Override
    public Response.ResponseBuilder type(String type) {
        return single(HttpHeaders.CONTENT_TYPE, type == null ? null : MediaTypeDelegate.INSTANCE.fromString(type));
    }

    @Override
    public Response.ResponseBuilder variant(Variant variant) {
        if (variant == null) {
            type((MediaType) null);
            language((String) null);
            return encoding(null);
        }
        type(variant.getMediaType());
        language(variant.getLanguage());
        return encoding(variant.getEncoding());
    }

    @Override
    public Response.ResponseBuilder contentLocation(URI location) {
        return single(HttpHeaders.CONTENT_LOCATION, location);
    }

    @Override
    public Response.ResponseBuilder cookie(NewCookie... cookies) {
        if (cookies == null) {
            headers.remove(HttpHeaders.SET_COOKIE);
            return this;
        }
        for (NewCookie cookie : cookies) {
            if (cookie != null) {
                headers.add(HttpHeaders.SET_COOKIE, cookie);
            }
        }
        return this;
    }

    @Override
    public Response.ResponseBuilder expires(Date expires) {
        return single(HttpHeaders.EXPIRES, expires);
    }

    @Override
    public Response.ResponseBuilder lastModified(Date lastModified) {
        return single(HttpHeaders.LAST_MODIFIED, lastModified);
    }

    @Override
    public Response.ResponseBuilder location(URI location) {
        return single(HttpHeaders.LOCATION, location);
    }

    @Override
    public Response.ResponseBuilder tag(EntityTag tag) {
        return single(HttpHeaders.ETAG, tag);
    }

    @Override
    public Response.ResponseBuilder tag(String tag) {
        return tag(tag == null ? null : new EntityTag(tag));
    }

    @Override
    public Response.ResponseBuilder variants(Variant... variants) {
        return variants(variants == null ? null : Arrays.asList(variants));
    }

    /** Sets {@code Vary} to the request headers that select among {@code variants}: those they differ in. */
    @Override
    public Response.ResponseBuilder variants(List<Variant> variants) {
        if (variants == null) {
            return single(HttpHeaders.VARY, null);
        }
        List<String> vary = new ArrayList<>();
        addIfVaries(vary, variants, Variant::getMediaType, HttpHeaders.ACCEPT);
        addIfVaries(vary, variants, Variant::getLanguage, HttpHeaders.ACCEPT_LANGUAGE);
        addIfVaries(vary, variants, Variant::getEncoding, HttpHeaders.ACCEPT_ENCODING);
        return single(HttpHeaders.VARY, vary.isEmpty() ? null : String.join(",", vary));
    }

    private static void addIfVaries(List<String> vary, List<Variant> variants, Function<Variant, Object> dimension,
            String header) {
        if (variants.stream().map(dimension).filter(Objects::nonNull).findAny().isPresent()
                && variants.stream().map(dimension).distinct().count() > 1) {
            vary.add(header);
        }
    }

    @Override
    public Response.ResponseBuilder links(Link... links) {
        if (links == null) {
            headers.remove(HttpHeaders.LINK);
            return this;
        }
        for (Link link : links) {
            if (link != null) {
                headers.add(HttpHeaders.LINK, link);
            }
        }
        return this;
    }

    @Override
    public Response.ResponseBuilder link(URI uri, String rel) {
        if (uri == null) {
            throw new IllegalArgumentException("link uri is null");
        }
        return links(new BriskLinkBuilder().uri(uri).rel(rel).build());
    }

    @Override
    public Response.ResponseBuilder link(String uri, String rel) {
        if (uri == null) {
            throw new IllegalArgumentException("link uri is null");
        }
        return links(new BriskLinkBuilder().uri(uri).rel(rel).build());
    }
}
