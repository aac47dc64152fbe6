package dev.brisk.rest.jaxrs.internal.runtime;

import jakarta.ws.rs.core.Link;

import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** The links of {@code Link} header values, whether set as {@link Link} objects or as text. */
public final class LinkHeaders {

    private LinkHeaders() {
    }

    /** Every link in {@code values} (null for none). */
    public static Set<Link> of(List<Object> values) {
        Set<Link> links = new LinkedHashSet<>();
        if (values != null) {
            for (Object value : values) {
                if (value instanceof Link link) {
                    links.add(link);
                } else {
                    links.addAll(LinkDelegate.parseAll(HeaderValues.headerValueToString(value)));
                }
            }
        }
        return Collections.unmodifiableSet(links);
    }

    /** The first link with relation {@code relation}, or null. */
    public static Link find(Set<Link> links, String relation) {
        for (Link link : links) {
            if (link.getRels().contains(relation)) {
                return link;
            }
        }
        return null;
    }

    /** A builder starting from the link with {@code relation}, or null. */
    public static Link.Builder builder(Set<Link> links, String relation) {
        Link link = find(links, relation);
        return link == null ? null : new BriskLinkBuilder().link(link);
    }
}
