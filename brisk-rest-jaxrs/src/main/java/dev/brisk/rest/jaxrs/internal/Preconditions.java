package dev.brisk.rest.jaxrs.internal;

import dev.brisk.rest.jaxrs.internal.runtime.MediaTypes;
import jakarta.ws.rs.core.EntityTag;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Request;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.Variant;

import java.util.Date;
import java.util.List;
import java.util.Locale;
import java.util.StringJoiner;

/**
 * The {@code Request} of a resource method: conditional request evaluation (RFC 9110 section 13: If-Match,
 * If-None-Match, If-Unmodified-Since, If-Modified-Since) and variant selection, noting for the response's {@code Vary}
 * the request headers the variant was chosen by.
 */
final class Preconditions implements Request {

    private final Exchange exchange;

    Preconditions(Exchange exchange) {
        this.exchange = exchange;
    }

    @Override
    public String getMethod() {
        return exchange.getMethod();
    }

    @Override
    public Variant selectVariant(List<Variant> variants) {
        if (variants == null || variants.isEmpty()) {
            throw new IllegalArgumentException("no variants to select from");
        }
        for (dev.brisk.codec.MediaType accepted : exchange.accepted()) {
            for (Locale language : exchange.getAcceptableLanguages()) {
                for (Variant variant : variants) {
                    MediaType type = variant.getMediaType();
                    boolean typeFits = type == null || accepted.isCompatibleWith(MediaTypes.toBrisk(type));
                    boolean languageFits = variant.getLanguage() == null || language.getLanguage().equals("*")
                            || language.getLanguage().equalsIgnoreCase(variant.getLanguage().getLanguage());
                    if (typeFits && languageFits) {
                        exchange.vary(varyingHeaders(variants));
                        return variant;
                    }
                }
            }
        }
        return null;
    }

    /**
     * The request headers a choice among {@code variants} depends on, as Jersey names them in {@code Vary}: those
     * of the dimensions (media type, language, charset, encoding) in which some variant has a value.
     */
    private static String varyingHeaders(List<Variant> variants) {
        boolean type = false;
        boolean language = false;
        boolean charset = false;
        boolean encoding = false;
        for (Variant variant : variants) {
            MediaType mediaType = variant.getMediaType();
            type |= mediaType != null;
            charset |= mediaType != null && mediaType.getParameters().containsKey(MediaType.CHARSET_PARAMETER);
            language |= variant.getLanguage() != null;
            encoding |= variant.getEncoding() != null;
        }
        StringJoiner names = new StringJoiner(", ");
        if (type) {
            names.add(HttpHeaders.ACCEPT);
        }
        if (language) {
            names.add(HttpHeaders.ACCEPT_LANGUAGE);
        }
        if (charset) {
            names.add(HttpHeaders.ACCEPT_CHARSET);
        }
        if (encoding) {
            names.add(HttpHeaders.ACCEPT_ENCODING);
        }
        return names.length() == 0 ? null : names.toString();
    }

    @Override
    public Response.ResponseBuilder evaluatePreconditions(EntityTag tag) {
        if (tag == null) {
            throw new IllegalArgumentException("entity tag is null");
        }
        String ifMatch = exchange.getHeaderString(HttpHeaders.IF_MATCH);
        if (ifMatch != null && !matches(ifMatch, tag, true)) {
            return Response.status(Response.Status.PRECONDITION_FAILED).tag(tag);
        }
        String ifNoneMatch = exchange.getHeaderString(HttpHeaders.IF_NONE_MATCH);
        if (ifNoneMatch != null && matches(ifNoneMatch, tag, false)) {
            return readMethod() ? Response.notModified(tag) : Response.status(Response.Status.PRECONDITION_FAILED)
                    .tag(tag);
        }
        return null;
    }

    @Override
    public Response.ResponseBuilder evaluatePreconditions(Date lastModified) {
        if (lastModified == null) {
            throw new IllegalArgumentException("last modified date is null");
        }
        long seconds = lastModified.getTime() / 1000;
        Date ifUnmodified = header(HttpHeaders.IF_UNMODIFIED_SINCE);
        if (ifUnmodified != null && seconds > ifUnmodified.getTime() / 1000) {
            return Response.status(Response.Status.PRECONDITION_FAILED).lastModified(lastModified);
        }
        Date ifModified = header(HttpHeaders.IF_MODIFIED_SINCE);
        if (ifModified != null && readMethod() && seconds <= ifModified.getTime() / 1000) {
            return Response.notModified().lastModified(lastModified);
        }
        return null;
    }

    @Override
    public Response.ResponseBuilder evaluatePreconditions(Date lastModified, EntityTag tag) {
        Response.ResponseBuilder byTag = evaluatePreconditions(tag);
        if (byTag != null) {
            return byTag;
        }
        if (exchange.getHeaderString(HttpHeaders.IF_NONE_MATCH) != null
                || exchange.getHeaderString(HttpHeaders.IF_MATCH) != null) {
            // when entity tags were compared, the dates are not (RFC 9110 section 13.2.2)
            return null;
        }
        Response.ResponseBuilder byDate = evaluatePreconditions(lastModified);
        return byDate == null ? null : byDate.tag(tag);
    }

    @Override
    public Response.ResponseBuilder evaluatePreconditions() {
        String ifMatch = exchange.getHeaderString(HttpHeaders.IF_MATCH);
        // without a current representation, only "If-Match" can fail
        return ifMatch != null ? Response.status(Response.Status.PRECONDITION_FAILED) : null;
    }

    private boolean readMethod() {
        String method = getMethod();
        return method.equals("GET") || method.equals("HEAD");
    }

    private Date header(String name) {
        String value = exchange.getHeaderString(name);
        return value == null ? null : HttpDates.parse(value);
    }

    /** Whether a list of entity tags (or "*") matches {@code tag}: strongly for If-Match, weakly otherwise. */
    private static boolean matches(String header, EntityTag tag, boolean strong) {
        for (String candidate : header.split(",")) {
            String value = candidate.trim();
            if (value.equals("*")) {
                return true;
            }
            boolean weak = value.startsWith("W/");
            String opaque = weak ? value.substring(2) : value;
            if (opaque.length() >= 2 && opaque.startsWith("\"") && opaque.endsWith("\"")) {
                opaque = opaque.substring(1, opaque.length() - 1);
            }
            if (opaque.equals(tag.getValue()) && (!strong || (!weak && !tag.isWeak()))) {
                return true;
            }
        }
        return false;
    }
}
