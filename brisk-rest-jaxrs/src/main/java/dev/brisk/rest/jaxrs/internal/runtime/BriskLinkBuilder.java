package dev.brisk.rest.jaxrs.internal.runtime;

import jakarta.ws.rs.core.Link;
import jakarta.ws.rs.core.UriBuilder;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;

/** Builds {@link BriskLink}s; the target may be a URI template, expanded by {@link #build(Object...)}. */
public final class BriskLinkBuilder implements Link.Builder {

    private UriBuilder uriBuilder = new BriskUriBuilder();
    private URI baseUri;
    private final Map<String, String> params = new LinkedHashMap<>();

    @Override
    public Link.Builder link(Link link) {
        if (link == null) {
            throw new IllegalArgumentException("link is null");
        }
        uriBuilder = new BriskUriBuilder().uri(link.getUri());
        params.clear();
        params.putAll(link.getParams());
        return this;
    }

    @Override
    public Link.Builder link(String link) {
        if (link == null) {
            throw new IllegalArgumentException("link is null");
        }
        LinkDelegate.Parsed parsed = LinkDelegate.parse(link);
        uriBuilder = new BriskUriBuilder().uri(parsed.uri());
        params.clear();
        params.putAll(parsed.params());
        return this;
    }

    @Override
    public Link.Builder uri(URI uri) {
        if (uri == null) {
            throw new IllegalArgumentException("uri is null");
        }
        uriBuilder = new BriskUriBuilder().uri(uri);
        return this;
    }

    @Override
    public Link.Builder uri(String uri) {
        if (uri == null) {
            throw new IllegalArgumentException("uri is null");
        }
        uriBuilder = new BriskUriBuilder().uri(uri);
        return this;
    }

    @Override
    public Link.Builder baseUri(URI uri) {
        if (uri == null) {
            throw new IllegalArgumentException("base uri is null");
        }
        baseUri = uri;
        return this;
    }

    @Override
    public Link.Builder baseUri(String uri) {
        if (uri == null) {
            throw new IllegalArgumentException("base uri is null");
        }
        return baseUri(URI.create(uri));
    }

    @Override
    public Link.Builder uriBuilder(UriBuilder builder) {
        if (builder == null) {
            throw new IllegalArgumentException("uri builder is null");
        }
        uriBuilder = builder.clone();
        return this;
    }

    /** Adds a relation type; calling it again adds another, space-separated, as RFC 8288 allows. */
    @Override
    public Link.Builder rel(String rel) {
        if (rel == null) {
            throw new IllegalArgumentException("rel is null");
        }
        params.merge(Link.REL, rel, (old, added) -> old + " " + added);
        return this;
    }

    @Override
    public Link.Builder title(String title) {
        return param(Link.TITLE, title);
    }

    @Override
    public Link.Builder type(String type) {
        return param(Link.TYPE, type);
    }

    @Override
    public Link.Builder param(String name, String value) {
        if (name == null || value == null) {
            throw new IllegalArgumentException("link parameter name and value must not be null");
        }
        params.put(name, value);
        return this;
    }

    @Override
    public Link build(Object... values) {
        if (values == null) {
            throw new IllegalArgumentException("template values are null");
        }
        return new BriskLink(absolute(values), params);
    }

    @Override
    public Link buildRelativized(URI uri, Object... values) {
        if (uri == null || values == null) {
            throw new IllegalArgumentException("uri and template values must not be null");
        }
        return new BriskLink(Relativizer.relativize(uri, absolute(values)), params);
    }

    private URI absolute(Object[] values) {
        URI built = uriBuilder.build(values);
        return baseUri == null || built.isAbsolute() ? built : baseUri.resolve(built);
    }
}
