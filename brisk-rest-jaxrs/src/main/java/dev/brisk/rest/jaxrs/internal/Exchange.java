package dev.brisk.rest.jaxrs.internal;

import dev.brisk.http.ServerRequest;
import dev.brisk.rest.RequestContext;
import dev.brisk.rest.jaxrs.internal.runtime.CaseInsensitiveMultivaluedMap;
import dev.brisk.rest.jaxrs.internal.runtime.MediaTypes;
import io.netty.buffer.ByteBufInputStream;
import io.netty.handler.codec.http.HttpMethod;
import jakarta.ws.rs.core.Cookie;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedHashMap;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.Request;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.core.UriInfo;

import dev.brisk.rest.jaxrs.internal.sse.JaxRsEventSink;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.EntityPart;
import dev.brisk.rest.jaxrs.internal.jersey.JerseyRequests;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.net.URI;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * One request as Jakarta REST sees it: the {@code ContainerRequestContext} of filters and the {@code HttpHeaders}
 * of resources, over Brisk's {@link RequestContext}. Headers are copied only when a filter asks for the mutable map.
 */
public final class Exchange implements ContainerRequestContext, HttpHeaders {

    /** What a request without an Accept header accepts. */
    static final List<dev.brisk.codec.MediaType> ANY = List.of(dev.brisk.codec.MediaType.ALL);

    private static final ThreadLocal<Exchange> CURRENT = new ThreadLocal<>();
    private static final String MULTIPART_FORM_DATA = "multipart/form-data";

    private final RequestContext ctx;
    private final String applicationPath;
    private Endpoint endpoint;
    private Map<String, String> rawPathValues;
    private MultivaluedMap<String, String> headers;
    private InputStream entityStream;
    private SecurityContext security;
    private Response aborted;
    private String method;
    private UriInfoImpl uriInfo;
    private Request request;
    private MultivaluedMap<String, String> form;
    private List<dev.brisk.codec.MediaType> accepted;
    private List<Object> matchedResources;
    private Boolean multipart;
    private List<EntityPart> entityParts;
    private JaxRsEventSink eventSink;
    /** The request headers a variant selection depended on, for the response's {@code Vary}; null when none. */
    private String vary;
    /** What reads the entity for {@link #readEntity}; set with the first {@link #filterContext}. */
    private EntityIO entities;
    /** The request as Jersey's {@code ContainerRequest}, made for the first filter when Jersey is present. */
    private ContainerRequestContext jerseyView;

    Exchange(RequestContext ctx, String applicationPath) {
        this.ctx = ctx;
        this.applicationPath = applicationPath;
    }

    /** The exchange being handled on this thread (for {@code @Context} proxies), or null. */
    static Exchange current() {
        return CURRENT.get();
    }

    /** Makes {@code exchange} the current one (only when {@code @Context} proxies exist to read it). */
    static Exchange enter(Exchange exchange) {
        if (!ContextInjection.proxiesExist()) {
            return null;
        }
        Exchange previous = CURRENT.get();
        CURRENT.set(exchange);
        return previous;
    }

    static void leave(Exchange previous) {
        if (!ContextInjection.proxiesExist()) {
            return;
        }
        if (previous == null) {
            CURRENT.remove();
        } else {
            CURRENT.set(previous);
        }
    }

    public RequestContext context() {
        return ctx;
    }

    /**
     * What filters (and Jersey's programmatic handlers) are given for this request: the exchange itself, or with
     * jersey-server on the class path a view of it that is also Jersey's {@code ContainerRequest}, since applications
     * written for Jersey cast to it (for {@code readEntity} or {@code getRequestUri}).
     */
    ContainerRequestContext filterContext(EntityIO entities) {
        if (this.entities == null) {
            this.entities = entities;
        }
        if (!JerseyPresence.PRESENT) {
            return this;
        }
        if (jerseyView == null) {
            jerseyView = JerseyRequests.view(this);
        }
        return jerseyView;
    }

    /**
     * Reads the request entity as {@code raw} with the application's readers or the built-in ones, as Jersey's
     * {@code ContainerRequest.readEntity} does for filters; the entity stays readable for the resource method.
     */
    public Object readEntity(Class<?> raw, Type type, Annotation[] annotations) {
        if (entities == null) {
            throw new IllegalStateException("the entity can be read only by filters and request handlers");
        }
        EntitySource source = entities.entityParameter(raw, type, annotations,
                new EntityIO.Bound(List.of(), List.of()));
        try {
            if (entityStream == null) {
                Object entity = source.resolve(this);
                entityStream = null; // a reader took the body through a stream over it: the body is still whole
                return entity;
            }
            byte[] bytes = entityStream.readAllBytes();
            entityStream = new ByteArrayInputStream(bytes);
            try {
                return source.resolve(this);
            } finally {
                entityStream = new ByteArrayInputStream(bytes);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("cannot read the entity as " + type.getTypeName(), e);
        }
    }

    ServerRequest serverRequest() {
        return ctx.request();
    }

    Endpoint endpoint() {
        return endpoint;
    }

    void matched(Endpoint endpoint, Map<String, String> rawPathValues) {
        this.endpoint = endpoint;
        this.rawPathValues = rawPathValues;
    }

    String applicationPath() {
        return endpoint != null ? endpoint.applicationPath() : applicationPath;
    }

    /** A path variable: decoded, or as sent when {@code encoded}; null when the template has none by that name. */
    String pathValue(String name, boolean encoded) {
        if (rawPathValues != null) {
            String raw = rawPathValues.get(name);
            return raw == null || encoded ? raw : Uris.decode(raw, false);
        }
        if (encoded) {
            Map<String, String> raw = endpoint.template().match(ctx.routePath());
            return raw == null ? null : raw.get(name);
        }
        return ctx.pathParam(name);
    }

    /** All path variables, decoded or not. */
    MultivaluedMap<String, String> pathValues(boolean decode) {
        Map<String, String> raw = rawPathValues;
        if (raw == null && endpoint != null) {
            raw = endpoint.template().match(ctx.routePath());
        }
        MultivaluedMap<String, String> values = new MultivaluedHashMap<>();
        if (raw != null) {
            raw.forEach((k, v) -> values.add(k, decode ? Uris.decode(v, false) : v));
        }
        return values;
    }

    /** The form fields of an {@code application/x-www-form-urlencoded} body, decoded; parsed once. */
    MultivaluedMap<String, String> form() {
        if (form == null) {
            MediaType type = getMediaType();
            form = new MultivaluedHashMap<>();
            dev.brisk.codec.MediaType brisk = type == null ? null : MediaTypes.toBrisk(type);
            if (brisk != null && brisk.isCompatibleWith(dev.brisk.codec.MediaType.APPLICATION_FORM_URLENCODED)) {
                String body = ctx.request().bodyAsString(brisk.charsetOrUtf8());
                Uris.parseQuery(body, true).forEach(form::put);
            }
        }
        return form;
    }

    /** Whether the body is {@code multipart/form-data}: received as parts by Brisk, never as raw bytes. */
    boolean multipart() {
        if (multipart == null) {
            String type = ctx.request().headers().get("content-type", null);
            multipart = type != null && type.stripLeading().regionMatches(true, 0, MULTIPART_FORM_DATA, 0,
                    MULTIPART_FORM_DATA.length());
        }
        return multipart;
    }

    /** The multipart parts already handed to the resource, or null. */
    List<EntityPart> entityParts() {
        return entityParts;
    }

    void entityParts(List<EntityPart> parts) {
        this.entityParts = parts;
    }

    /** The {@code SseEventSink} handed to the resource method, or null. */
    JaxRsEventSink eventSink() {
        return eventSink;
    }

    void eventSink(JaxRsEventSink sink) {
        this.eventSink = sink;
    }

    void matchedResource(Object resource) {
        if (matchedResources == null) {
            matchedResources = new ArrayList<>(2);
        }
        matchedResources.add(resource);
    }

    /** The resources matched so far, the last matched first. */
    List<Object> matchedResources() {
        List<Object> resources = matchedResources == null ? new ArrayList<>() : new ArrayList<>(matchedResources);
        Collections.reverse(resources);
        return resources;
    }

    Response aborted() {
        return aborted;
    }

    // ---- ContainerRequestContext ------------------------------------------------------------------------------

    @Override
    public Object getProperty(String name) {
        return ctx.attributes().get(name);
    }

    @Override
    public Collection<String> getPropertyNames() {
        return List.copyOf(ctx.attributes().keySet());
    }

    @Override
    public void setProperty(String name, Object object) {
        if (object == null) {
            ctx.attributes().remove(name);
        } else {
            ctx.attributes().put(name, object);
        }
    }

    @Override
    public void removeProperty(String name) {
        ctx.attributes().remove(name);
    }

    @Override
    public UriInfo getUriInfo() {
        if (uriInfo == null) {
            uriInfo = new UriInfoImpl(this);
        }
        return uriInfo;
    }

    @Override
    public void setRequestUri(URI requestUri) {
        setRequestUri(getUriInfo().getBaseUri(), requestUri);
    }

    @Override
    public void setRequestUri(URI baseUri, URI requestUri) {
        requireUnmatched("setRequestUri");
        URI resolved = baseUri.resolve(requestUri);
        String base = getUriInfo().getBaseUri().getRawPath();
        String path = resolved.getRawPath();
        String contextPrefix = ((UriInfoImpl) getUriInfo()).contextPrefix();
        if (!path.startsWith(contextPrefix)) {
            throw new IllegalArgumentException("request URI " + resolved + " is outside the base URI " + base);
        }
        String within = path.substring(contextPrefix.length());
        ctx.reroute(HttpMethod.valueOf(getMethod()), within.isEmpty() ? "/" : within);
        uriInfo = null;
    }

    @Override
    public Request getRequest() {
        if (request == null) {
            request = new Preconditions(this);
        }
        return request;
    }

    @Override
    public String getMethod() {
        return method != null ? method : ctx.request().method().name();
    }

    @Override
    public void setMethod(String method) {
        requireUnmatched("setMethod");
        this.method = method.toUpperCase(Locale.ROOT);
        String path = ((UriInfoImpl) getUriInfo()).pathWithinContext();
        ctx.reroute(HttpMethod.valueOf(this.method), path);
    }

    private void requireUnmatched(String what) {
        if (endpoint != null) {
            throw new IllegalStateException(what + " is only allowed in a @PreMatching filter");
        }
    }

    @Override
    public MultivaluedMap<String, String> getHeaders() {
        if (headers == null) {
            MultivaluedMap<String, String> copy = new CaseInsensitiveMultivaluedMap<>();
            ctx.request().headers().forEach((name, value) -> copy.add(name.toString(), value.toString()));
            headers = copy;
        }
        return headers;
    }

    @Override
    public String getHeaderString(String name) {
        List<String> values = getRequestHeader(name);
        return values == null ? null : String.join(",", values);
    }

    @Override
    public boolean containsHeaderString(String name, String separator, Predicate<String> predicate) {
        List<String> values = getRequestHeader(name);
        if (values == null) {
            return false;
        }
        for (String value : values) {
            for (String part : value.split(Pattern.quote(separator))) {
                if (predicate.test(part.trim())) {
                    return true;
                }
            }
        }
        return false;
    }

    @Override
    public boolean containsHeaderString(String name, Predicate<String> predicate) {
        return containsHeaderString(name, ",", predicate);
    }

    @Override
    public Date getDate() {
        String date = getHeaderString(DATE);
        return date == null ? null : HttpDates.parse(date);
    }

    @Override
    public Locale getLanguage() {
        String language = getHeaderString(CONTENT_LANGUAGE);
        return language == null ? null : Locale.forLanguageTag(language);
    }

    @Override
    public int getLength() {
        String length = getHeaderString(CONTENT_LENGTH);
        try {
            return length == null ? -1 : Integer.parseInt(length.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    @Override
    public MediaType getMediaType() {
        String type = getHeaderString(CONTENT_TYPE);
        if (type == null) {
            return null;
        }
        try {
            return MediaTypes.fromString(type);
        } catch (IllegalArgumentException e) {
            throw new BadRequestException("invalid Content-Type: " + e.getMessage(), e);
        }
    }

    @Override
    public List<MediaType> getAcceptableMediaTypes() {
        List<MediaType> types = new ArrayList<>();
        for (dev.brisk.codec.MediaType type : accepted()) {
            types.add(MediaTypes.toJaxRs(type));
        }
        return types;
    }

    /** Notes the request headers {@code Request.selectVariant} chose by, for the response's {@code Vary}. */
    void vary(String headerNames) {
        this.vary = headerNames;
    }

    /** The request headers a variant was chosen by, comma-separated, or null when no variant was selected. */
    String vary() {
        return vary;
    }

    /** The Accept header parsed, most preferred first; {@link #ANY} when absent. */
    List<dev.brisk.codec.MediaType> accepted() {
        if (accepted == null) {
            List<String> values = getRequestHeader(ACCEPT);
            try {
                accepted = values == null ? ANY
                        : dev.brisk.codec.MediaType.parseList(String.join(",", values));
            } catch (IllegalArgumentException e) {
                throw new BadRequestException("invalid Accept header: " + e.getMessage(), e);
            }
        }
        return accepted;
    }

    @Override
    public List<Locale> getAcceptableLanguages() {
        List<Locale> languages = new ArrayList<>();
        for (String value : getRequestHeaderOrEmpty(ACCEPT_LANGUAGE)) {
            try {
                for (Locale.LanguageRange range : Locale.LanguageRange.parse(value)) {
                    languages.add(range.getRange().equals("*") ? new Locale("*")
                            : Locale.forLanguageTag(range.getRange()));
                }
            } catch (IllegalArgumentException e) {
                throw new BadRequestException("invalid Accept-Language header: " + e.getMessage(), e);
            }
        }
        if (languages.isEmpty()) {
            languages.add(new Locale("*"));
        }
        return languages;
    }

    @Override
    public Map<String, Cookie> getCookies() {
        Map<String, Cookie> cookies = new LinkedHashMap<>();
        ctx.request().cookies().forEach((name, value) -> cookies.put(name, new Cookie.Builder(name).value(value)
                .build()));
        return cookies;
    }

    @Override
    public boolean hasEntity() {
        return entityStream != null || multipart() || ctx.request().body().isReadable();
    }

    /**
     * The body as a stream.
     *
     * @throws IllegalStateException for a {@code multipart/form-data} body, which Brisk receives as parts (read them
     *                               as {@code List<EntityPart>} or with {@code @FormParam})
     */
    @Override
    public InputStream getEntityStream() {
        if (entityStream == null) {
            if (multipart()) {
                throw new IllegalStateException("a multipart/form-data body is received as parts, not as a stream: "
                        + "read it as List<EntityPart> or with @FormParam parameters");
            }
            entityStream = new ByteBufInputStream(ctx.request().body().duplicate());
        }
        return entityStream;
    }

    /** Whether a filter replaced the entity stream (then readers read it instead of the aggregated body). */
    boolean entityStreamReplaced() {
        return entityStream != null;
    }

    @Override
    public void setEntityStream(InputStream input) {
        this.entityStream = input;
    }

    @Override
    public SecurityContext getSecurityContext() {
        if (security == null) {
            security = new AnonymousSecurityContext(ctx.request().scheme().equals("https"));
        }
        return security;
    }

    @Override
    public void setSecurityContext(SecurityContext context) {
        this.security = context;
    }

    @Override
    public void abortWith(Response response) {
        this.aborted = Objects.requireNonNull(response, "response");
    }

    // ---- HttpHeaders ------------------------------------------------------------------------------------------

    @Override
    public List<String> getRequestHeader(String name) {
        if (headers != null) {
            return headers.get(name);
        }
        List<String> values = ctx.request().headers().all(name);
        return values.isEmpty() ? null : values;
    }

    private List<String> getRequestHeaderOrEmpty(String name) {
        List<String> values = getRequestHeader(name);
        return values == null ? List.of() : values;
    }

    @Override
    public MultivaluedMap<String, String> getRequestHeaders() {
        return getHeaders();
    }
}
