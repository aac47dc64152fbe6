package dev.brisk.rest.jaxrs.internal.runtime;

import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.UriBuilder;
import jakarta.ws.rs.core.UriBuilderException;
import java.lang.reflect.Method;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A URI-template-aware {@link UriBuilder}. Components are held percent-encoded, with templates kept verbatim; a
 * template's value is encoded for the component the template sits in when the URI is built.
 */
public final class BriskUriBuilder extends UriBuilder {

    /** RFC 3986 appendix B, applied to the template-masked text. */
    private static final Pattern URI_REFERENCE =
            Pattern.compile("^(?:([a-zA-Z][a-zA-Z0-9+.\\-]*):)?(?://([^/?#]*))?([^?#]*)(?:\\?([^#]*))?(?:#(.*))?$");
    private static final Pattern SCHEME = Pattern.compile("[a-zA-Z][a-zA-Z0-9+.\\-]*");

    private String scheme;
    private String ssp;
    private String userInfo;
    private String host;
    private String port;
    private String path = "";
    private String query;
    private String fragment;

    /** An empty builder. */
    public BriskUriBuilder() {
    }

    private BriskUriBuilder(BriskUriBuilder other) {
        scheme = other.scheme;
        ssp = other.ssp;
        userInfo = other.userInfo;
        host = other.host;
        port = other.port;
        path = other.path;
        query = other.query;
        fragment = other.fragment;
    }

    @Override
    public UriBuilder clone() {
        return new BriskUriBuilder(this);
    }

    // ---- whole URI

    @Override
    public UriBuilder uri(URI uri) {
        if (uri == null) {
            throw new IllegalArgumentException("uri is null");
        }
        if (uri.getScheme() != null) {
            scheme = uri.getScheme();
        }
        if (uri.isOpaque()) {
            ssp = uri.getRawSchemeSpecificPart();
            userInfo = host = port = query = null;
            path = "";
        } else {
            if (uri.getRawAuthority() != null) {
                ssp = null;
                userInfo = uri.getRawUserInfo();
                if (uri.getHost() != null) {
                    host = uri.getHost();
                    port = uri.getPort() < 0 ? null : Integer.toString(uri.getPort());
                } else {
                    // a registry-based authority: keep it whole as the host
                    host = uri.getRawAuthority();
                    port = null;
                }
            }
            if (uri.getRawPath() != null && !uri.getRawPath().isEmpty()) {
                ssp = null;
                path = uri.getRawPath();
            }
            if (uri.getRawQuery() != null) {
                ssp = null;
                query = uri.getRawQuery();
            }
        }
        if (uri.getRawFragment() != null) {
            fragment = uri.getRawFragment();
        }
        return this;
    }

    @Override
    public UriBuilder uri(String uriTemplate) {
        if (uriTemplate == null) {
            throw new IllegalArgumentException("uri template is null");
        }
        Matcher m = URI_REFERENCE.matcher(UriTemplates.mask(uriTemplate));
        if (!m.matches()) {
            throw new IllegalArgumentException("invalid uri template '" + uriTemplate + "'");
        }
        String parsedScheme = group(m, 1, uriTemplate);
        String authority = group(m, 2, uriTemplate);
        String parsedPath = group(m, 3, uriTemplate);
        String parsedQuery = group(m, 4, uriTemplate);
        String parsedFragment = group(m, 5, uriTemplate);
        if (parsedScheme != null) {
            scheme = parsedScheme;
        }
        if (parsedScheme != null && authority == null && !parsedPath.isEmpty() && !parsedPath.startsWith("/")) {
            String opaque = parsedQuery == null ? parsedPath : parsedPath + "?" + parsedQuery;
            ssp = UriComponent.QUERY.encode(opaque, true, true);
            userInfo = host = port = query = null;
            path = "";
        } else {
            if (authority != null) {
                ssp = null;
                authority(authority);
            }
            if (!parsedPath.isEmpty()) {
                ssp = null;
                path = UriComponent.PATH.encode(parsedPath, true, true);
            }
            if (parsedQuery != null) {
                ssp = null;
                query = UriComponent.QUERY.encode(parsedQuery, true, true);
            }
        }
        if (parsedFragment != null) {
            fragment = UriComponent.FRAGMENT.encode(parsedFragment, true, true);
        }
        return this;
    }

    private static String group(Matcher m, int group, String original) {
        return m.start(group) < 0 ? null : original.substring(m.start(group), m.end(group));
    }

    private void authority(String authority) {
        String masked = UriTemplates.mask(authority);
        int at = masked.lastIndexOf('@');
        userInfo = at < 0 ? null : UriComponent.USER_INFO.encode(authority.substring(0, at), true, true);
        String hostPort = authority.substring(at + 1);
        String maskedHostPort = masked.substring(at + 1);
        int colon = maskedHostPort.lastIndexOf(':');
        if (colon >= 0 && colon > maskedHostPort.lastIndexOf(']')) {
            String p = hostPort.substring(colon + 1);
            port = p.isEmpty() ? null : p;
            hostPort = hostPort.substring(0, colon);
        } else {
            port = null;
        }
        host = hostPort.isEmpty() ? null : UriComponent.HOST.encode(hostPort, true, true);
    }

    // ---- components

    @Override
    public UriBuilder scheme(String scheme) {
        if (scheme != null && scheme.indexOf('{') < 0 && !SCHEME.matcher(scheme).matches()) {
            throw new IllegalArgumentException("invalid scheme '" + scheme + "'");
        }
        this.scheme = scheme;
        return this;
    }

    @Override
    public UriBuilder schemeSpecificPart(String ssp) {
        if (ssp == null) {
            throw new IllegalArgumentException("scheme-specific part is null");
        }
        String savedScheme = scheme;
        String savedFragment = fragment;
        this.ssp = null;
        userInfo = host = port = query = null;
        path = "";
        uri(ssp.startsWith("/") || scheme == null ? ssp : "x:" + ssp);
        scheme = savedScheme;
        fragment = savedFragment;
        return this;
    }

    @Override
    public UriBuilder userInfo(String ui) {
        userInfo = ui == null ? null : UriComponent.USER_INFO.encode(ui, true, true);
        if (ui != null) {
            ssp = null;
        }
        return this;
    }

    @Override
    public UriBuilder host(String host) {
        if (host != null && host.isEmpty()) {
            throw new IllegalArgumentException("invalid host: empty");
        }
        this.host = host == null ? null : UriComponent.HOST.encode(host, true, true);
        if (host != null) {
            ssp = null;
        }
        return this;
    }

    @Override
    public UriBuilder port(int port) {
        if (port < -1) {
            throw new IllegalArgumentException("invalid port " + port);
        }
        this.port = port == -1 ? null : Integer.toString(port);
        return this;
    }

    // ---- path

    @Override
    public UriBuilder replacePath(String path) {
        ssp = null;
        this.path = path == null ? "" : UriComponent.PATH.encode(path, true, true);
        return this;
    }

    @Override
    public UriBuilder path(String path) {
        if (path == null) {
            throw new IllegalArgumentException("path is null");
        }
        appendPath(UriComponent.PATH.encode(path, true, true));
        return this;
    }

    @Override
    @SuppressWarnings("rawtypes")
    public UriBuilder path(Class resource) {
        if (resource == null) {
            throw new IllegalArgumentException("resource class is null");
        }
        @SuppressWarnings("unchecked")
        Path p = (Path) resource.getAnnotation(Path.class);
        if (p == null) {
            throw new IllegalArgumentException(resource.getName() + " has no @Path annotation");
        }
        return path(p.value());
    }

    @Override
    @SuppressWarnings("rawtypes")
    public UriBuilder path(Class resource, String method) {
        if (resource == null || method == null) {
            throw new IllegalArgumentException("resource class and method name must not be null");
        }
        Path found = null;
        for (Method m : resource.getMethods()) {
            if (m.getName().equals(method) && !m.isBridge() && !m.isSynthetic()) {
                Path p = pathOf(m);
                if (p != null) {
                    if (found != null) {
                        throw new IllegalArgumentException(resource.getName() + " has more than one method '"
                                + method + "' annotated with @Path");
                    }
                    found = p;
                }
            }
        }
        if (found == null) {
            throw new IllegalArgumentException(resource.getName() + " has no public method '" + method
                    + "' annotated with @Path");
        }
        return path(found.value());
    }

    @Override
    public UriBuilder path(Method method) {
        if (method == null) {
            throw new IllegalArgumentException("method is null");
        }
        Path p = pathOf(method);
        if (p == null) {
            throw new IllegalArgumentException(method + " has no @Path annotation");
        }
        return path(p.value());
    }

    /** The method's {@code @Path}, or that of the method it overrides or implements (JAX-RS annotation inheritance). */
    private static Path pathOf(Method method) {
        Path p = method.getAnnotation(Path.class);
        if (p != null) {
            return p;
        }
        List<Class<?>> supertypes = new ArrayList<>(List.of(method.getDeclaringClass().getInterfaces()));
        if (method.getDeclaringClass().getSuperclass() != null) {
            supertypes.add(method.getDeclaringClass().getSuperclass());
        }
        for (Class<?> type : supertypes) {
            try {
                Path inherited = pathOf(type.getMethod(method.getName(), method.getParameterTypes()));
                if (inherited != null) {
                    return inherited;
                }
            } catch (NoSuchMethodException ignored) {
                // not declared there
            }
        }
        return null;
    }

    @Override
    public UriBuilder segment(String... segments) {
        if (segments == null) {
            throw new IllegalArgumentException("segments are null");
        }
        for (String segment : segments) {
            if (segment == null) {
                throw new IllegalArgumentException("a segment is null");
            }
            String encoded = UriComponent.PATH_SEGMENT.encode(segment, true, true);
            ssp = null;
            path = path.isEmpty() || path.endsWith("/") ? path + encoded : path + "/" + encoded;
        }
        return this;
    }

    private void appendPath(String segment) {
        ssp = null;
        if (segment.isEmpty()) {
            return;
        }
        if (path.isEmpty()) {
            path = segment;
            return;
        }
        boolean endsWithSlash = path.endsWith("/");
        boolean startsWithSlash = segment.startsWith("/");
        if (endsWithSlash && startsWithSlash) {
            path = path + segment.substring(1);
        } else if (endsWithSlash || startsWithSlash) {
            path = path + segment;
        } else {
            path = path + "/" + segment;
        }
    }

    // ---- matrix parameters (of the last path segment)

    @Override
    public UriBuilder replaceMatrix(String matrix) {
        int start = lastSegmentStart();
        int semicolon = UriTemplates.mask(path).indexOf(';', start);
        String base = semicolon < 0 ? path : path.substring(0, semicolon);
        if (matrix == null || matrix.isEmpty()) {
            path = base;
        } else {
            String m = matrix.startsWith(";") ? matrix.substring(1) : matrix;
            path = base + ";" + UriComponent.PATH.encode(m, true, true);
        }
        return this;
    }

    @Override
    public UriBuilder matrixParam(String name, Object... values) {
        checkParam("matrix", name, values);
        StringBuilder sb = new StringBuilder(path);
        String encodedName = UriComponent.MATRIX_PARAM.encode(name, true, true);
        for (Object value : values) {
            sb.append(';').append(encodedName).append('=')
                    .append(UriComponent.MATRIX_PARAM.encode(value.toString(), true, true));
        }
        ssp = null;
        path = sb.toString();
        return this;
    }

    @Override
    public UriBuilder replaceMatrixParam(String name, Object... values) {
        if (name == null) {
            throw new IllegalArgumentException("matrix parameter name is null");
        }
        String encodedName = UriComponent.MATRIX_PARAM.encode(name, true, true);
        int start = lastSegmentStart();
        String segment = path.substring(start);
        List<String> parts = splitOutsideTemplates(segment, ';');
        StringBuilder sb = new StringBuilder(path.substring(0, start)).append(parts.get(0));
        for (String param : parts.subList(1, parts.size())) {
            if (!paramName(param).equals(encodedName)) {
                sb.append(';').append(param);
            }
        }
        path = sb.toString();
        return values == null || values.length == 0 ? this : matrixParam(name, values);
    }

    private int lastSegmentStart() {
        return UriTemplates.mask(path).lastIndexOf('/') + 1;
    }

    // ---- query

    @Override
    public UriBuilder replaceQuery(String query) {
        this.query = query == null ? null : UriComponent.QUERY.encode(query, true, true);
        if (query != null) {
            ssp = null;
        }
        return this;
    }

    @Override
    public UriBuilder queryParam(String name, Object... values) {
        checkParam("query", name, values);
        StringBuilder sb = new StringBuilder(query == null ? "" : query);
        String encodedName = UriComponent.QUERY_PARAM.encode(name, true, true);
        for (Object value : values) {
            if (sb.length() > 0) {
                sb.append('&');
            }
            sb.append(encodedName).append('=').append(UriComponent.QUERY_PARAM.encode(value.toString(), true, true));
        }
        if (values.length > 0) {
            ssp = null;
            query = sb.toString();
        }
        return this;
    }

    @Override
    public UriBuilder replaceQueryParam(String name, Object... values) {
        if (name == null) {
            throw new IllegalArgumentException("query parameter name is null");
        }
        if (query != null) {
            String encodedName = UriComponent.QUERY_PARAM.encode(name, true, true);
            List<String> kept = new ArrayList<>();
            for (String param : splitOutsideTemplates(query, '&')) {
                if (!paramName(param).equals(encodedName)) {
                    kept.add(param);
                }
            }
            query = kept.isEmpty() ? null : String.join("&", kept);
        }
        return values == null || values.length == 0 ? this : queryParam(name, values);
    }

    private static void checkParam(String kind, String name, Object[] values) {
        if (name == null) {
            throw new IllegalArgumentException(kind + " parameter name is null");
        }
        if (values == null) {
            throw new IllegalArgumentException(kind + " parameter '" + name + "' has null values");
        }
        for (Object value : values) {
            if (value == null) {
                throw new IllegalArgumentException(kind + " parameter '" + name + "' has a null value");
            }
        }
    }

    private static String paramName(String param) {
        int eq = UriTemplates.mask(param).indexOf('=');
        return eq < 0 ? param : param.substring(0, eq);
    }

    private static List<String> splitOutsideTemplates(String s, char separator) {
        String masked = UriTemplates.mask(s);
        List<String> parts = new ArrayList<>();
        int from = 0;
        for (int i = masked.indexOf(separator); i >= 0; i = masked.indexOf(separator, from)) {
            parts.add(s.substring(from, i));
            from = i + 1;
        }
        parts.add(s.substring(from));
        return parts;
    }

    // ---- fragment

    @Override
    public UriBuilder fragment(String fragment) {
        this.fragment = fragment == null ? null : UriComponent.FRAGMENT.encode(fragment, true, true);
        return this;
    }

    // ---- templates

    @Override
    public UriBuilder resolveTemplate(String name, Object value) {
        return resolveTemplate(name, value, true);
    }

    @Override
    public UriBuilder resolveTemplate(String name, Object value, boolean encodeSlashInPath) {
        return resolve(singleValue(name, value), false, encodeSlashInPath);
    }

    @Override
    public UriBuilder resolveTemplateFromEncoded(String name, Object value) {
        return resolve(singleValue(name, value), true, false);
    }

    @Override
    public UriBuilder resolveTemplates(Map<String, Object> templateValues) {
        return resolveTemplates(templateValues, true);
    }

    @Override
    public UriBuilder resolveTemplates(Map<String, Object> templateValues, boolean encodeSlashInPath) {
        return resolve(stringValues(templateValues), false, encodeSlashInPath);
    }

    @Override
    public UriBuilder resolveTemplatesFromEncoded(Map<String, Object> templateValues) {
        return resolve(stringValues(templateValues), true, false);
    }

    private static Map<String, String> singleValue(String name, Object value) {
        if (name == null) {
            throw new IllegalArgumentException("template name is null");
        }
        if (value == null) {
            throw new IllegalArgumentException("template parameter '" + name + "' has a null value");
        }
        return Map.of(name, value.toString());
    }

    private static Map<String, String> stringValues(Map<String, ?> values) {
        if (values == null) {
            throw new IllegalArgumentException("template values are null");
        }
        Map<String, String> strings = new HashMap<>();
        for (Map.Entry<String, ?> e : values.entrySet()) {
            if (e.getKey() == null) {
                throw new IllegalArgumentException("a template name is null");
            }
            if (e.getValue() == null) {
                throw new IllegalArgumentException("template parameter '" + e.getKey() + "' has a null value");
            }
            strings.put(e.getKey(), e.getValue().toString());
        }
        return strings;
    }

    private BriskUriBuilder resolve(Map<String, String> values, boolean fromEncoded, boolean encodeSlashInPath) {
        scheme = UriTemplates.expand(scheme, values, UriComponent.SCHEME, fromEncoded);
        ssp = UriTemplates.expand(ssp, values, UriComponent.QUERY, fromEncoded);
        userInfo = UriTemplates.expand(userInfo, values, UriComponent.USER_INFO, fromEncoded);
        host = UriTemplates.expand(host, values, UriComponent.HOST, fromEncoded);
        port = UriTemplates.expand(port, values, UriComponent.PORT, fromEncoded);
        path = UriTemplates.expand(path, values,
                encodeSlashInPath ? UriComponent.PATH_SEGMENT : UriComponent.PATH, fromEncoded);
        query = UriTemplates.expand(query, values, UriComponent.QUERY_PARAM, fromEncoded);
        fragment = UriTemplates.expand(fragment, values, UriComponent.FRAGMENT, fromEncoded);
        return this;
    }

    /** The names of all templates, in order of first appearance. */
    private Set<String> templateNames() {
        Set<String> names = new LinkedHashSet<>();
        for (String component : new String[] {scheme, ssp, userInfo, host, port, path, query, fragment}) {
            UriTemplates.collectNames(component, names);
        }
        return names;
    }

    // ---- building

    @Override
    public URI buildFromMap(Map<String, ?> values) {
        return buildFromMap(values, true);
    }

    @Override
    public URI buildFromMap(Map<String, ?> values, boolean encodeSlashInPath) {
        return buildWith(stringValues(values), false, encodeSlashInPath);
    }

    @Override
    public URI buildFromEncodedMap(Map<String, ?> values) {
        return buildWith(stringValues(values), true, false);
    }

    @Override
    public URI build(Object... values) {
        return build(values, true);
    }

    @Override
    public URI build(Object[] values, boolean encodeSlashInPath) {
        return buildWith(positionalValues(values), false, encodeSlashInPath);
    }

    @Override
    public URI buildFromEncoded(Object... values) {
        return buildWith(positionalValues(values), true, false);
    }

    private Map<String, String> positionalValues(Object[] values) {
        if (values == null) {
            throw new IllegalArgumentException("template values are null");
        }
        Map<String, String> byName = new HashMap<>();
        int i = 0;
        for (String name : templateNames()) {
            if (i >= values.length) {
                break;
            }
            if (values[i] == null) {
                throw new IllegalArgumentException("template parameter '" + name + "' has a null value");
            }
            byName.put(name, values[i++].toString());
        }
        return byName;
    }

    private URI buildWith(Map<String, String> values, boolean fromEncoded, boolean encodeSlashInPath) {
        for (String name : templateNames()) {
            if (!values.containsKey(name)) {
                throw new IllegalArgumentException("template parameter '" + name + "' has no value in "
                        + toTemplate());
            }
        }
        String uri = new BriskUriBuilder(this).resolve(values, fromEncoded, encodeSlashInPath).toTemplate();
        try {
            return new URI(uri);
        } catch (URISyntaxException e) {
            throw new UriBuilderException("cannot build a URI from '" + uri + "': " + e.getMessage(), e);
        }
    }

    @Override
    public String toTemplate() {
        StringBuilder sb = new StringBuilder();
        if (scheme != null) {
            sb.append(scheme).append(':');
        }
        if (ssp != null) {
            sb.append(ssp);
        } else {
            boolean authority = host != null || userInfo != null || port != null;
            if (authority) {
                sb.append("//");
                if (userInfo != null) {
                    sb.append(userInfo).append('@');
                }
                if (host != null) {
                    sb.append(host);
                }
                if (port != null) {
                    sb.append(':').append(port);
                }
            }
            if (authority && !path.isEmpty() && path.charAt(0) != '/') {
                sb.append('/');
            }
            sb.append(path);
            if (query != null) {
                sb.append('?').append(query);
            }
        }
        if (fragment != null) {
            sb.append('#').append(fragment);
        }
        return sb.toString();
    }

    @Override
    public String toString() {
        return toTemplate();
    }
}
