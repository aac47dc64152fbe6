package dev.brisk.rest.spring.internal;

import dev.brisk.codec.MediaType;
import dev.brisk.rest.RequestContext;
import io.netty.handler.codec.http.QueryStringDecoder;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Request parameters as Spring sees them: the query string plus the fields of a form body. */
final class RequestValues {

    private static final String FORM_KEY = RequestValues.class.getName() + ".form";

    private RequestValues() {
    }

    static List<String> all(RequestContext ctx, String name) {
        List<String> query = ctx.request().queryAll(name);
        List<String> form = form(ctx).getOrDefault(name, List.of());
        if (form.isEmpty()) {
            return query;
        }
        if (query.isEmpty()) {
            return form;
        }
        List<String> both = new ArrayList<>(query);
        both.addAll(form);
        return both;
    }

    static Map<String, List<String>> all(RequestContext ctx) {
        Map<String, List<String>> form = form(ctx);
        if (form.isEmpty()) {
            return ctx.request().queryParams();
        }
        Map<String, List<String>> both = new LinkedHashMap<>();
        ctx.request().queryParams().forEach((k, v) -> both.put(k, new ArrayList<>(v)));
        form.forEach((k, v) -> both.computeIfAbsent(k, x -> new ArrayList<>()).addAll(v));
        return both;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, List<String>> form(RequestContext ctx) {
        Object cached = ctx.attributes().get(FORM_KEY);
        if (cached != null) {
            return (Map<String, List<String>>) cached;
        }
        Map<String, List<String>> form = Map.of();
        String type = ctx.request().headers().get("content-type", null);
        if (type != null && type.regionMatches(true, 0, "application/x-www-form-urlencoded", 0, 33)) {
            MediaType mediaType = MediaType.parse(type);
            String body = ctx.request().bodyAsString(mediaType.charset().orElse(StandardCharsets.UTF_8));
            form = new QueryStringDecoder(body, mediaType.charset().orElse(StandardCharsets.UTF_8), false)
                    .parameters();
        }
        ctx.attributes().put(FORM_KEY, form);
        return form;
    }
}
