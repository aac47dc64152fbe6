package dev.brisk.rest.spring.internal;

import dev.brisk.http.ServerRequest;
import dev.brisk.rest.RequestContext;
import org.springframework.web.context.request.NativeWebRequest;

import java.security.Principal;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Spring's {@link NativeWebRequest} over a Brisk request: headers, parameters (query and form fields), request-scoped
 * attributes (the request's attributes), the locale, the caller's {@link Principal} and conditional requests. The
 * native request is Brisk's {@link RequestContext} (its {@code ServerRequest} and {@code ServerResponse} are also
 * handed out by type). Brisk has no HTTP session: session-scoped attributes are always absent and cannot be set.
 */
final class BriskWebRequest implements NativeWebRequest {

    private final RequestContext ctx;

    BriskWebRequest(RequestContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public Object getNativeRequest() {
        return ctx;
    }

    @Override
    public Object getNativeResponse() {
        return ctx.response();
    }

    @Override
    public <T> T getNativeRequest(Class<T> requiredType) {
        for (Object candidate : new Object[] {ctx, ctx.request()}) {
            if (requiredType != null && requiredType.isInstance(candidate)) {
                return requiredType.cast(candidate);
            }
        }
        return null;
    }

    @Override
    public <T> T getNativeResponse(Class<T> requiredType) {
        return requiredType != null && requiredType.isInstance(ctx.response()) ? requiredType.cast(ctx.response())
                : null;
    }

    @Override
    public String getHeader(String headerName) {
        return ctx.request().headers().get(headerName, null);
    }

    @Override
    public String[] getHeaderValues(String headerName) {
        List<String> values = ctx.request().headers().all(headerName);
        return values.isEmpty() ? null : values.toArray(String[]::new);
    }

    @Override
    public Iterator<String> getHeaderNames() {
        List<String> names = new ArrayList<>();
        ctx.request().headers().forEach((name, value) -> {
            if (!names.contains(name.toString())) {
                names.add(name.toString());
            }
        });
        return names.iterator();
    }

    @Override
    public String getParameter(String paramName) {
        List<String> values = RequestValues.all(ctx, paramName);
        return values.isEmpty() ? null : values.get(0);
    }

    @Override
    public String[] getParameterValues(String paramName) {
        List<String> values = RequestValues.all(ctx, paramName);
        return values.isEmpty() ? null : values.toArray(String[]::new);
    }

    @Override
    public Iterator<String> getParameterNames() {
        return RequestValues.all(ctx).keySet().iterator();
    }

    @Override
    public Map<String, String[]> getParameterMap() {
        Map<String, String[]> map = new LinkedHashMap<>();
        RequestValues.all(ctx).forEach((name, values) -> map.put(name, values.toArray(String[]::new)));
        return map;
    }

    @Override
    public Locale getLocale() {
        return Locales.of(ctx);
    }

    @Override
    public String getContextPath() {
        return ContextArguments.contextPath(ctx);
    }

    @Override
    public String getRemoteUser() {
        Principal principal = getUserPrincipal();
        return principal == null ? null : principal.getName();
    }

    @Override
    public Principal getUserPrincipal() {
        return ctx.attributes().get(ContextArguments.PRINCIPAL_ATTRIBUTE) instanceof Principal principal ? principal
                : null;
    }

    @Override
    public boolean isUserInRole(String role) {
        return false;
    }

    @Override
    public boolean isSecure() {
        return "https".equals(ctx.request().scheme());
    }

    @Override
    public boolean checkNotModified(long lastModifiedTimestamp) {
        return checkNotModified(null, lastModifiedTimestamp);
    }

    @Override
    public boolean checkNotModified(String etag) {
        return checkNotModified(etag, -1);
    }

    @Override
    public boolean checkNotModified(String etag, long lastModifiedTimestamp) {
        ServerRequest request = ctx.request();
        String quoted = etag == null || etag.isEmpty() ? null
                : etag.startsWith("\"") || etag.startsWith("W/") ? etag : "\"" + etag + "\"";
        if (quoted != null) {
            ctx.header("etag", quoted);
        }
        if (lastModifiedTimestamp > 0) {
            ctx.header("last-modified", DateTimeFormatter.RFC_1123_DATE_TIME.format(
                    Instant.ofEpochMilli(lastModifiedTimestamp).atOffset(ZoneOffset.UTC)));
        }
        String method = request.method().name();
        if (!method.equals("GET") && !method.equals("HEAD")) {
            return false;
        }
        String ifNoneMatch = request.headers().get("if-none-match", null);
        boolean notModified;
        if (ifNoneMatch != null && quoted != null) {
            notModified = false;
            for (String candidate : ifNoneMatch.split(",")) {
                String tag = candidate.trim();
                if (tag.equals("*") || weak(tag).equals(weak(quoted))) {
                    notModified = true;
                }
            }
        } else {
            String ifModifiedSince = request.headers().get("if-modified-since", null);
            notModified = ifModifiedSince != null && lastModifiedTimestamp > 0 && !Instant.ofEpochMilli(
                    lastModifiedTimestamp).truncatedTo(ChronoUnit.SECONDS).isAfter(since(ifModifiedSince));
        }
        if (notModified) {
            ctx.status(304);
        }
        return notModified;
    }

    private static String weak(String tag) {
        return tag.startsWith("W/") ? tag.substring(2) : tag;
    }

    private static Instant since(String date) {
        try {
            return DateTimeFormatter.RFC_1123_DATE_TIME.parse(date, Instant::from);
        } catch (RuntimeException malformed) {
            return Instant.MIN;
        }
    }

    @Override
    public String getDescription(boolean includeClientInfo) {
        String description = "uri=" + ctx.request().rawPath();
        return includeClientInfo ? description + ";client=" + ctx.request().remoteAddress() : description;
    }

    @Override
    public Object getAttribute(String name, int scope) {
        return scope == SCOPE_REQUEST ? ctx.attributes().get(name) : null;
    }

    @Override
    public void setAttribute(String name, Object value, int scope) {
        requestScope(scope);
        ctx.attributes().put(name, value);
    }

    @Override
    public void removeAttribute(String name, int scope) {
        if (scope == SCOPE_REQUEST) {
            ctx.attributes().remove(name);
        }
    }

    @Override
    public String[] getAttributeNames(int scope) {
        return scope == SCOPE_REQUEST ? ctx.attributes().keySet().toArray(String[]::new) : new String[0];
    }

    @Override
    public void registerDestructionCallback(String name, Runnable callback, int scope) {
        requestScope(scope);
        ctx.response().completion().whenComplete((v, e) -> callback.run());
    }

    @Override
    public Object resolveReference(String key) {
        return switch (key) {
            case REFERENCE_REQUEST -> ctx;
            default -> null;
        };
    }

    @Override
    public String getSessionId() {
        throw new UnsupportedOperationException("Brisk has no HTTP session");
    }

    @Override
    public Object getSessionMutex() {
        throw new UnsupportedOperationException("Brisk has no HTTP session");
    }

    private static void requestScope(int scope) {
        if (scope != SCOPE_REQUEST) {
            throw new UnsupportedOperationException("Brisk has no HTTP session: only request-scoped attributes");
        }
    }

    @Override
    public String toString() {
        return "BriskWebRequest: " + getDescription(false);
    }
}
