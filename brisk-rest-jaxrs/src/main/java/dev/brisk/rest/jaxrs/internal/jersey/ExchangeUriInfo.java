package dev.brisk.rest.jaxrs.internal.jersey;

import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.PathSegment;
import jakarta.ws.rs.core.UriBuilder;
import jakarta.ws.rs.core.UriInfo;
import org.glassfish.jersey.server.ExtendedUriInfo;
import org.glassfish.jersey.server.model.Resource;
import org.glassfish.jersey.server.model.ResourceMethod;
import org.glassfish.jersey.server.model.RuntimeResource;
import org.glassfish.jersey.uri.UriTemplate;

import java.net.URI;
import java.util.List;
import java.util.regex.MatchResult;

/**
 * The request's {@link UriInfo} as Jersey's {@link ExtendedUriInfo}, for {@link ExchangeContainerRequest}: the URIs,
 * path and query parameters and matched resources are Brisk's; what only Jersey's resource model knows (matched
 * model methods, templates, regex results) is refused with a message, and {@code getMappedThrowable()}, which Brisk
 * does not record, is null.
 */
final class ExchangeUriInfo implements ExtendedUriInfo {

    private final UriInfo uriInfo;

    ExchangeUriInfo(UriInfo uriInfo) {
        this.uriInfo = uriInfo;
    }

    private static UnsupportedOperationException jerseyOnly(String method) {
        return new UnsupportedOperationException("ExtendedUriInfo." + method + " describes Jersey's resource model, "
                + "which Brisk does not build; use the Jakarta REST UriInfo methods (getMatchedResources, "
                + "getMatchedURIs, getPathParameters)");
    }

    // ---- Jakarta REST -------------------------------------------------------------------------------------------

    @Override
    public String getPath() {
        return uriInfo.getPath();
    }

    @Override
    public String getPath(boolean decode) {
        return uriInfo.getPath(decode);
    }

    @Override
    public List<PathSegment> getPathSegments() {
        return uriInfo.getPathSegments();
    }

    @Override
    public List<PathSegment> getPathSegments(boolean decode) {
        return uriInfo.getPathSegments(decode);
    }

    @Override
    public URI getRequestUri() {
        return uriInfo.getRequestUri();
    }

    @Override
    public UriBuilder getRequestUriBuilder() {
        return uriInfo.getRequestUriBuilder();
    }

    @Override
    public URI getAbsolutePath() {
        return uriInfo.getAbsolutePath();
    }

    @Override
    public UriBuilder getAbsolutePathBuilder() {
        return uriInfo.getAbsolutePathBuilder();
    }

    @Override
    public URI getBaseUri() {
        return uriInfo.getBaseUri();
    }

    @Override
    public UriBuilder getBaseUriBuilder() {
        return uriInfo.getBaseUriBuilder();
    }

    @Override
    public MultivaluedMap<String, String> getPathParameters() {
        return uriInfo.getPathParameters();
    }

    @Override
    public MultivaluedMap<String, String> getPathParameters(boolean decode) {
        return uriInfo.getPathParameters(decode);
    }

    @Override
    public MultivaluedMap<String, String> getQueryParameters() {
        return uriInfo.getQueryParameters();
    }

    @Override
    public MultivaluedMap<String, String> getQueryParameters(boolean decode) {
        return uriInfo.getQueryParameters(decode);
    }

    @Override
    public List<String> getMatchedURIs() {
        return uriInfo.getMatchedURIs();
    }

    @Override
    public List<String> getMatchedURIs(boolean decode) {
        return uriInfo.getMatchedURIs(decode);
    }

    @Override
    public String getMatchedResourceTemplate() {
        return uriInfo.getMatchedResourceTemplate();
    }

    @Override
    public List<Object> getMatchedResources() {
        return uriInfo.getMatchedResources();
    }

    @Override
    public URI resolve(URI uri) {
        return uriInfo.resolve(uri);
    }

    @Override
    public URI relativize(URI uri) {
        return uriInfo.relativize(uri);
    }

    // ---- Jersey's resource model --------------------------------------------------------------------------------

    @Override
    public Throwable getMappedThrowable() {
        return null;
    }

    @Override
    public List<MatchResult> getMatchedResults() {
        throw jerseyOnly("getMatchedResults");
    }

    @Override
    public List<UriTemplate> getMatchedTemplates() {
        throw jerseyOnly("getMatchedTemplates");
    }

    @Override
    public List<PathSegment> getPathSegments(String name) {
        throw jerseyOnly("getPathSegments(name)");
    }

    @Override
    public List<PathSegment> getPathSegments(String name, boolean decode) {
        throw jerseyOnly("getPathSegments(name, decode)");
    }

    @Override
    public List<RuntimeResource> getMatchedRuntimeResources() {
        throw jerseyOnly("getMatchedRuntimeResources");
    }

    @Override
    public ResourceMethod getMatchedResourceMethod() {
        throw jerseyOnly("getMatchedResourceMethod");
    }

    @Override
    public Resource getMatchedModelResource() {
        throw jerseyOnly("getMatchedModelResource");
    }

    @Override
    public List<ResourceMethod> getMatchedResourceLocators() {
        throw jerseyOnly("getMatchedResourceLocators");
    }

    @Override
    public List<Resource> getLocatorSubResources() {
        throw jerseyOnly("getLocatorSubResources");
    }
}
