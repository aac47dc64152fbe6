package dev.brisk.rest.jaxrs.internal.runtime;

import dev.brisk.http.common.HttpSyntax;
import jakarta.ws.rs.core.Link;
import jakarta.ws.rs.ext.RuntimeDelegate.HeaderDelegate;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads and writes one web link of a {@code Link} header (RFC 8288): {@code <uri>; rel="next"; title="x"}. */
final class LinkDelegate implements HeaderDelegate<Link> {

    static final LinkDelegate INSTANCE = new LinkDelegate();

    @Override
    public Link fromString(String value) {
        Parsed parsed = parse(HeaderSyntax.requireValue(value, "link"));
        return new BriskLink(URI.create(parsed.uri()), parsed.params());
    }

    @Override
    public String toString(Link value) {
        if (value == null) {
            throw new IllegalArgumentException("link is null");
        }
        return format(value.getUri(), value.getParams());
    }

    /** A parsed link: its URI reference as written and its parameters in order. */
    record Parsed(String uri, Map<String, String> params) {
    }

    static Parsed parse(String value) {
        String text = value.trim();
        int close = text.indexOf('>');
        if (!text.startsWith("<") || close < 0) {
            throw new IllegalArgumentException("invalid link '" + value + "': expected <uri> first");
        }
        String uri = text.substring(1, close).trim();
        Map<String, String> params = new LinkedHashMap<>();
        List<String> parts = HeaderSyntax.split(text.substring(close + 1), ';');
        for (String part : parts) {
            HeaderSyntax.Param p = HeaderSyntax.Param.parse(part);
            if (!HttpSyntax.isToken(p.name())) {
                throw new IllegalArgumentException("invalid link '" + value + "': bad parameter '" + part + "'");
            }
            params.putIfAbsent(p.name(), p.value() == null ? "" : p.value());
        }
        return new Parsed(uri, params);
    }

    /** Splits a {@code Link} header holding several comma-separated links into its links. */
    static List<Link> parseAll(String header) {
        List<Link> links = new ArrayList<>();
        for (String one : HeaderSyntax.split(header, ',')) {
            links.add(INSTANCE.fromString(one));
        }
        return links;
    }

    static String format(URI uri, Map<String, String> params) {
        StringBuilder sb = new StringBuilder().append('<').append(uri == null ? "" : uri.toString()).append('>');
        for (Map.Entry<String, String> p : params.entrySet()) {
            sb.append("; ").append(p.getKey()).append('=').append(HttpSyntax.quote(p.getValue()));
        }
        return sb.toString();
    }
}
