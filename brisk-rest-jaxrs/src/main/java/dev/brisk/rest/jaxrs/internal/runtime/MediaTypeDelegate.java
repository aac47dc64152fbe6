package dev.brisk.rest.jaxrs.internal.runtime;

import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.ext.RuntimeDelegate.HeaderDelegate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads and writes {@code Content-Type}-style media types: {@code type/subtype; name=value}. */
final class MediaTypeDelegate implements HeaderDelegate<MediaType> {

    static final MediaTypeDelegate INSTANCE = new MediaTypeDelegate();

    @Override
    public MediaType fromString(String value) {
        String text = HeaderSyntax.requireValue(value, "media type");
        List<String> parts = HeaderSyntax.split(text, ';');
        if (parts.isEmpty()) {
            throw new IllegalArgumentException("invalid media type '" + text + "': empty");
        }
        String full = parts.get(0);
        String type;
        String subtype;
        if (full.equals("*")) {
            type = MediaType.MEDIA_TYPE_WILDCARD;
            subtype = MediaType.MEDIA_TYPE_WILDCARD;
        } else {
            int slash = full.indexOf('/');
            if (slash < 0) {
                throw new IllegalArgumentException("invalid media type '" + text + "': no '/'");
            }
            type = full.substring(0, slash).trim();
            subtype = full.substring(slash + 1).trim();
            if (!HeaderSyntax.isToken(type) || !HeaderSyntax.isToken(subtype)) {
                throw new IllegalArgumentException(
                        "invalid media type '" + text + "': type and subtype must be non-empty tokens");
            }
        }
        Map<String, String> params = new LinkedHashMap<>();
        for (int i = 1; i < parts.size(); i++) {
            HeaderSyntax.Param p = HeaderSyntax.Param.parse(parts.get(i));
            if (p.value() == null || !HeaderSyntax.isToken(p.name())) {
                throw new IllegalArgumentException(
                        "invalid media type '" + text + "': parameter '" + parts.get(i) + "' is not name=value");
            }
            params.put(p.name(), p.value());
        }
        return new MediaType(type, subtype, params);
    }

    @Override
    public String toString(MediaType value) {
        if (value == null) {
            throw new IllegalArgumentException("media type is null");
        }
        StringBuilder sb = new StringBuilder().append(value.getType()).append('/').append(value.getSubtype());
        for (Map.Entry<String, String> p : value.getParameters().entrySet()) {
            sb.append(';').append(p.getKey()).append('=').append(HeaderSyntax.quoteIfNeeded(p.getValue()));
        }
        return sb.toString();
    }
}
