package dev.brisk.rest.jaxrs.internal.runtime;

import jakarta.ws.rs.core.Link;
import jakarta.ws.rs.core.UriBuilder;
import java.net.URI;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** An immutable web link (RFC 8288): a URI plus parameters such as {@code rel}, {@code title} and {@code type}. */
public final class BriskLink extends Link {

    private final URI uri;
    private final Map<String, String> params;

    BriskLink(URI uri, Map<String, String> params) {
        this.uri = Objects.requireNonNull(uri, "uri");
        this.params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
    }

    @Override
    public URI getUri() {
        return uri;
    }

    @Override
    public UriBuilder getUriBuilder() {
        return new BriskUriBuilder().uri(uri);
    }

    @Override
    public String getRel() {
        return params.get(REL);
    }

    @Override
    public List<String> getRels() {
        String rel = getRel();
        return rel == null || rel.isBlank() ? List.of() : List.of(rel.trim().split("\\s+"));
    }

    @Override
    public String getTitle() {
        return params.get(TITLE);
    }

    @Override
    public String getType() {
        return params.get(TYPE);
    }

    @Override
    public Map<String, String> getParams() {
        return params;
    }

    @Override
    public String toString() {
        return LinkDelegate.format(uri, params);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Link other && uri.equals(other.getUri()) && params.equals(other.getParams());
    }

    @Override
    public int hashCode() {
        return Objects.hash(uri, params);
    }
}
