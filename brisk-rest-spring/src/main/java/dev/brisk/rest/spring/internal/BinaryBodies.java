package dev.brisk.rest.spring.internal;

import dev.brisk.codec.ContentNegotiation;
import dev.brisk.codec.MediaType;
import dev.brisk.rest.RequestContext;

import java.util.List;

/**
 * The {@code Content-Type} of binary bodies ({@code byte[]}, resources, streamed bodies) the handler did not label:
 * the mapping's {@code produces} type the client accepts, as Spring MVC selects it, else the given default.
 */
final class BinaryBodies {

    private BinaryBodies() {
    }

    /** Labels the response with the negotiated {@code produces} type, else {@code fallback} (null: leave it). */
    static void label(RequestContext ctx, String fallback) {
        if (ctx.response().headers().contains("content-type")) {
            return;
        }
        String type = produced(ctx);
        if (type == null) {
            type = fallback;
        }
        if (type != null) {
            ctx.header("content-type", type);
        }
    }

    private static String produced(RequestContext ctx) {
        List<MediaType> produces;
        try {
            produces = ctx.route().produces();
        } catch (IllegalStateException notRouted) {
            return null;
        }
        List<MediaType> concrete = produces.stream()
                .filter(t -> !t.isWildcardType() && !t.isWildcardSubtype()).toList();
        if (concrete.isEmpty()) {
            return null;
        }
        List<MediaType> accepted;
        try {
            accepted = MediaType.parseList(ctx.request().headers().get("accept", null));
        } catch (IllegalArgumentException e) {
            accepted = List.of(MediaType.ALL);
        }
        return ContentNegotiation.negotiate(accepted, concrete).orElse(concrete.get(0)).toString();
    }
}
