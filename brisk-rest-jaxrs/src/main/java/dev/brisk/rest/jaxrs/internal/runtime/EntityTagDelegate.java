package dev.brisk.rest.jaxrs.internal.runtime;

import dev.brisk.http.common.HttpSyntax;
import jakarta.ws.rs.core.EntityTag;
import jakarta.ws.rs.ext.RuntimeDelegate.HeaderDelegate;

/** Reads and writes entity tags: {@code "abc"} (strong) and {@code W/"abc"} (weak). */
final class EntityTagDelegate implements HeaderDelegate<EntityTag> {

    static final EntityTagDelegate INSTANCE = new EntityTagDelegate();

    @Override
    public EntityTag fromString(String value) {
        String text = HeaderSyntax.requireValue(value, "entity tag").trim();
        boolean weak = text.startsWith("W/") || text.startsWith("w/");
        String opaque = weak ? text.substring(2).trim() : text;
        if (opaque.length() >= 2 && opaque.charAt(0) == '"' && opaque.charAt(opaque.length() - 1) == '"') {
            return new EntityTag(HttpSyntax.unquote(opaque), weak);
        }
        if (opaque.isEmpty() || opaque.indexOf('"') >= 0 || opaque.indexOf(',') >= 0
                || opaque.chars().anyMatch(Character::isWhitespace)) {
            throw new IllegalArgumentException("invalid entity tag '" + text + "': expected \"tag\" or W/\"tag\"");
        }
        // tolerate the unquoted tags some clients send, and the '*' of If-Match / If-None-Match
        return new EntityTag(opaque, weak);
    }

    @Override
    public String toString(EntityTag value) {
        if (value == null) {
            throw new IllegalArgumentException("entity tag is null");
        }
        String quoted = HttpSyntax.quote(value.getValue() == null ? "" : value.getValue());
        return value.isWeak() ? "W/" + quoted : quoted;
    }
}
