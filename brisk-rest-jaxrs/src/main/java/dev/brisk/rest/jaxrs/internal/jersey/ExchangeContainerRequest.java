package dev.brisk.rest.jaxrs.internal.jersey;

import dev.brisk.rest.jaxrs.internal.Exchange;
import jakarta.ws.rs.core.Cookie;
import jakarta.ws.rs.core.EntityTag;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.Request;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.core.Variant;
import org.glassfish.jersey.internal.PropertiesDelegate;
import org.glassfish.jersey.server.ContainerRequest;
import org.glassfish.jersey.server.ExtendedUriInfo;

import java.io.InputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.net.URI;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * An {@link Exchange} as Jersey's {@link ContainerRequest}, for filters and programmatic handlers of applications
 * written for Jersey, which cast their {@code ContainerRequestContext} to it: the request's URIs, method, headers,
 * entity, properties, security context and {@code UriInfo} are the exchange's; what only Jersey's resource model
 * knows ({@code ExtendedUriInfo.getMatchedResourceMethod()} ...) is refused.
 */
final class ExchangeContainerRequest extends ContainerRequest {

    private static final Annotation[] NO_ANNOTATIONS = new Annotation[0];

    private final Exchange exchange;

    ExchangeContainerRequest(Exchange exchange) {
        super(null, null, exchange.getMethod(), null, new ExchangeProperties(exchange), null);
        this.exchange = exchange;
        // Jersey's own accessors this class does not override (getLinks, getQualifiedAcceptableMediaTypes...) read
        // its header map: it gets the request's headers as they arrived
        Map<String, List<String>> arrived = new LinkedHashMap<>();
        exchange.context().request().headers().forEach((name, value) -> arrived.computeIfAbsent(name.toString(),
                k -> new ArrayList<>(1)).add(value.toString()));
        super.headers(arrived);
    }

    // ---- the request line and URIs ------------------------------------------------------------------------------

    @Override
    public ExtendedUriInfo getUriInfo() {
        return new ExchangeUriInfo(exchange.getUriInfo());
    }

    @Override
    public URI getBaseUri() {
        return exchange.getUriInfo().getBaseUri();
    }

    @Override
    public URI getRequestUri() {
        return exchange.getUriInfo().getRequestUri();
    }

    @Override
    public URI getAbsolutePath() {
        return exchange.getUriInfo().getAbsolutePath();
    }

    @Override
    public String getPath(boolean decode) {
        return exchange.getUriInfo().getPath(decode);
    }

    @Override
    public void setRequestUri(URI requestUri) {
        exchange.setRequestUri(requestUri);
    }

    @Override
    public void setRequestUri(URI baseUri, URI requestUri) {
        exchange.setRequestUri(baseUri, requestUri);
    }

    @Override
    public String getMethod() {
        return exchange.getMethod();
    }

    @Override
    public void setMethod(String method) {
        exchange.setMethod(method);
    }

    @Override
    public void setMethodWithoutException(String method) {
        exchange.setMethod(method);
    }

    @Override
    public Request getRequest() {
        return exchange.getRequest();
    }

    // ---- headers ------------------------------------------------------------------------------------------------

    @Override
    public MultivaluedMap<String, String> getHeaders() {
        return exchange.getHeaders();
    }

    @Override
    public MultivaluedMap<String, String> getRequestHeaders() {
        return exchange.getRequestHeaders();
    }

    @Override
    public List<String> getRequestHeader(String name) {
        return exchange.getRequestHeader(name);
    }

    @Override
    public String getHeaderString(String name) {
        return exchange.getHeaderString(name);
    }

    @Override
    public Date getDate() {
        return exchange.getDate();
    }

    @Override
    public Locale getLanguage() {
        return exchange.getLanguage();
    }

    @Override
    public int getLength() {
        return exchange.getLength();
    }

    @Override
    public MediaType getMediaType() {
        return exchange.getMediaType();
    }

    @Override
    public List<MediaType> getAcceptableMediaTypes() {
        return exchange.getAcceptableMediaTypes();
    }

    @Override
    public List<Locale> getAcceptableLanguages() {
        return exchange.getAcceptableLanguages();
    }

    @Override
    public Map<String, Cookie> getCookies() {
        return exchange.getCookies();
    }

    // ---- preconditions and variants -----------------------------------------------------------------------------

    @Override
    public Variant selectVariant(List<Variant> variants) {
        return exchange.getRequest().selectVariant(variants);
    }

    @Override
    public Response.ResponseBuilder evaluatePreconditions(EntityTag eTag) {
        return exchange.getRequest().evaluatePreconditions(eTag);
    }

    @Override
    public Response.ResponseBuilder evaluatePreconditions(Date lastModified) {
        return exchange.getRequest().evaluatePreconditions(lastModified);
    }

    @Override
    public Response.ResponseBuilder evaluatePreconditions(Date lastModified, EntityTag eTag) {
        return exchange.getRequest().evaluatePreconditions(lastModified, eTag);
    }

    @Override
    public Response.ResponseBuilder evaluatePreconditions() {
        return exchange.getRequest().evaluatePreconditions();
    }

    // ---- the entity ---------------------------------------------------------------------------------------------

    @Override
    public boolean hasEntity() {
        return exchange.hasEntity();
    }

    @Override
    public InputStream getEntityStream() {
        return exchange.getEntityStream();
    }

    @Override
    public void setEntityStream(InputStream input) {
        exchange.setEntityStream(input);
    }

    @Override
    public <T> T readEntity(Class<T> rawType) {
        return readEntity(rawType, rawType, NO_ANNOTATIONS);
    }

    @Override
    public <T> T readEntity(Class<T> rawType, Annotation[] annotations) {
        return readEntity(rawType, rawType, annotations);
    }

    @Override
    public <T> T readEntity(Class<T> rawType, Type type) {
        return readEntity(rawType, type, NO_ANNOTATIONS);
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T readEntity(Class<T> rawType, Type type, Annotation[] annotations) {
        return (T) exchange.readEntity(rawType, type, annotations);
    }

    @Override
    public <T> T readEntity(Class<T> rawType, PropertiesDelegate propertiesDelegate) {
        return readEntity(rawType);
    }

    @Override
    public <T> T readEntity(Class<T> rawType, Annotation[] annotations, PropertiesDelegate propertiesDelegate) {
        return readEntity(rawType, annotations);
    }

    @Override
    public <T> T readEntity(Class<T> rawType, Type type, PropertiesDelegate propertiesDelegate) {
        return readEntity(rawType, type);
    }

    @Override
    public <T> T readEntity(Class<T> rawType, Type type, Annotation[] annotations,
                            PropertiesDelegate propertiesDelegate) {
        return readEntity(rawType, type, annotations);
    }

    @Override
    public boolean bufferEntity() {
        return true; // Exchange.readEntity keeps the entity readable
    }

    // ---- security, properties, aborting -------------------------------------------------------------------------

    @Override
    public SecurityContext getSecurityContext() {
        return exchange.getSecurityContext();
    }

    @Override
    public void setSecurityContext(SecurityContext context) {
        exchange.setSecurityContext(context);
    }

    @Override
    public void abortWith(Response response) {
        exchange.abortWith(response);
    }
}
