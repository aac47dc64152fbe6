package dev.brisk.rest.spring.internal;

import dev.brisk.rest.RequestContext;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Request parameters as Spring sees them: the query string plus the fields of a form body (URL-encoded, or the
 * non-file parts of a multipart body).
 */
final class RequestValues {

    private RequestValues() {
    }

    static List<String> all(RequestContext ctx, String name) {
        List<String> query = ctx.request().queryAll(name);
        List<String> form = ctx.formParams().getOrDefault(name, List.of());
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
        Map<String, List<String>> form = ctx.formParams();
        if (form.isEmpty()) {
            return ctx.request().queryParams();
        }
        Map<String, List<String>> both = new LinkedHashMap<>();
        ctx.request().queryParams().forEach((k, v) -> both.put(k, new ArrayList<>(v)));
        form.forEach((k, v) -> both.computeIfAbsent(k, x -> new ArrayList<>()).addAll(v));
        return both;
    }

    /** The parameters known before routing: a multipart body is received only once a route takes it. */
    static Map<String, List<String>> beforeRouting(RequestContext ctx) {
        return MultipartArguments.isMultipart(ctx) ? ctx.request().queryParams() : all(ctx);
    }
}
