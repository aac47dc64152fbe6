package dev.brisk.rest.servlet.internal;

import dev.brisk.http.ServerRequest;
import dev.brisk.rest.RequestContext;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.ServletConnection;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletMapping;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import jakarta.servlet.http.HttpUpgradeHandler;
import jakarta.servlet.http.MappingMatch;
import jakarta.servlet.http.Part;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.UnsupportedEncodingException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.StandardCharsets;
import java.nio.charset.UnsupportedCharsetException;
import java.security.Principal;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An {@link HttpServletRequest} view of a Brisk request. The servlet path is the path within the context path and the
 * path info is null, as for a servlet mapped to {@code /}; parameters are the query's and, for a form body, its
 * fields; attributes are the request's attributes; the body is the received body. There is no asynchronous
 * processing, request dispatching, upgrade or container authentication.
 */
final class RequestFacade implements HttpServletRequest {

    private static final AtomicLong REQUEST_IDS = new AtomicLong();

    private final RequestContext ctx;
    private final ServerRequest request;
    private final ServletExchange exchange;
    private Map<String, String[]> parameters;
    private String characterEncoding;
    private ServletInputStream input;
    private BufferedReader reader;
    private SessionView session;
    private boolean sessionLookedUp;
    private String requestId;
    private String remoteAddr;

    RequestFacade(RequestContext ctx, ServletExchange exchange) {
        this.ctx = ctx;
        this.request = ctx.request();
        this.exchange = exchange;
    }

    private ServletContextFacade context() {
        return exchange.servletContext();
    }

    // ---- attributes --------------------------------------------------------------------------------------------

    @Override
    public Object getAttribute(String name) {
        return request.attributes().get(name);
    }

    @Override
    public Enumeration<String> getAttributeNames() {
        return Collections.enumeration(new ArrayList<>(request.attributes().keySet()));
    }

    @Override
    public void setAttribute(String name, Object o) {
        if (o == null) {
            request.attributes().remove(name);
        } else {
            request.attributes().put(name, o);
        }
    }

    @Override
    public void removeAttribute(String name) {
        request.attributes().remove(name);
    }

    // ---- body --------------------------------------------------------------------------------------------------

    @Override
    public String getCharacterEncoding() {
        if (characterEncoding != null) {
            return characterEncoding;
        }
        String fromType = MediaTypes.charset(getContentType());
        return fromType != null ? fromType : context().getRequestCharacterEncoding();
    }

    @Override
    public void setCharacterEncoding(String env) throws UnsupportedEncodingException {
        if (reader != null) {
            return;
        }
        try {
            Charset.forName(env);
        } catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
            throw new UnsupportedEncodingException(env);
        }
        this.characterEncoding = env;
    }

    private Charset charset() {
        String name = getCharacterEncoding();
        try {
            return name == null ? StandardCharsets.ISO_8859_1 : Charset.forName(name);
        } catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
            return StandardCharsets.ISO_8859_1;
        }
    }

    @Override
    public int getContentLength() {
        long length = getContentLengthLong();
        return length > Integer.MAX_VALUE ? -1 : (int) length;
    }

    @Override
    public long getContentLengthLong() {
        return request.contentLength();
    }

    @Override
    public String getContentType() {
        return request.headers().get("content-type", null);
    }

    @Override
    public ServletInputStream getInputStream() {
        if (reader != null) {
            throw new IllegalStateException("getReader() has already been called for this request");
        }
        if (input == null) {
            input = new BodyInputStream(request.body());
        }
        return input;
    }

    @Override
    public BufferedReader getReader() {
        if (input != null && reader == null) {
            throw new IllegalStateException("getInputStream() has already been called for this request");
        }
        if (reader == null) {
            reader = new BufferedReader(new InputStreamReader(new BodyInputStream(request.body()), charset()));
        }
        return reader;
    }

    // ---- parameters --------------------------------------------------------------------------------------------

    private Map<String, String[]> parameters() {
        if (parameters == null) {
            Map<String, List<String>> merged = new LinkedHashMap<>();
            request.queryParams().forEach((name, values) -> merged.computeIfAbsent(name, n -> new ArrayList<>())
                    .addAll(values));
            if (input == null && reader == null && MediaTypes.isForm(getContentType())) {
                formFields().forEach((name, values) -> merged.computeIfAbsent(name, n -> new ArrayList<>())
                        .addAll(values));
            }
            Map<String, String[]> all = new LinkedHashMap<>();
            merged.forEach((name, values) -> all.put(name, values.toArray(String[]::new)));
            parameters = Collections.unmodifiableMap(all);
        }
        return parameters;
    }

    private Map<String, List<String>> formFields() {
        return ctx.formParams();
    }

    @Override
    public String getParameter(String name) {
        String[] values = parameters().get(name);
        return values == null || values.length == 0 ? null : values[0];
    }

    @Override
    public Enumeration<String> getParameterNames() {
        return Collections.enumeration(parameters().keySet());
    }

    @Override
    public String[] getParameterValues(String name) {
        String[] values = parameters().get(name);
        return values == null ? null : values.clone();
    }

    @Override
    public Map<String, String[]> getParameterMap() {
        return parameters();
    }

    // ---- connection --------------------------------------------------------------------------------------------

    @Override
    public String getProtocol() {
        return request.protocol().text();
    }

    @Override
    public String getScheme() {
        return request.scheme();
    }

    @Override
    public String getServerName() {
        String host = request.headers().get("host", null);
        if (host == null) {
            return getLocalName();
        }
        if (host.startsWith("[")) {
            int end = host.indexOf(']');
            return end < 0 ? host : host.substring(0, end + 1);
        }
        int colon = host.indexOf(':');
        return colon < 0 ? host : host.substring(0, colon);
    }

    @Override
    public int getServerPort() {
        String host = request.headers().get("host", null);
        if (host != null) {
            int colon = host.lastIndexOf(':');
            if (colon > host.lastIndexOf(']')) {
                try {
                    return Integer.parseInt(host.substring(colon + 1));
                } catch (NumberFormatException e) {
                    return getLocalPort();
                }
            }
            return isSecure() ? 443 : 80;
        }
        return getLocalPort();
    }

    @Override
    public String getRemoteAddr() {
        if (remoteAddr == null) {
            remoteAddr = address(request.remoteAddress()); // formatting it is not free, and filters ask often
        }
        return remoteAddr;
    }

    @Override
    public String getRemoteHost() {
        return getRemoteAddr();
    }

    @Override
    public int getRemotePort() {
        return port(request.remoteAddress());
    }

    @Override
    public String getLocalName() {
        SocketAddress local = request.localAddress();
        return local instanceof InetSocketAddress inet ? inet.getHostString() : "localhost";
    }

    @Override
    public String getLocalAddr() {
        return address(request.localAddress());
    }

    @Override
    public int getLocalPort() {
        return port(request.localAddress());
    }

    private static String address(SocketAddress address) {
        if (address instanceof InetSocketAddress inet) {
            return inet.getAddress() != null ? inet.getAddress().getHostAddress() : inet.getHostString();
        }
        return address == null ? null : address.toString();
    }

    private static int port(SocketAddress address) {
        return address instanceof InetSocketAddress inet ? inet.getPort() : -1;
    }

    @Override
    public boolean isSecure() {
        return "https".equalsIgnoreCase(request.scheme());
    }

    @Override
    public ServletConnection getServletConnection() {
        return new ServletConnection() {
            @Override
            public String getConnectionId() {
                return String.valueOf(System.identityHashCode(request.remoteAddress()));
            }

            @Override
            public String getProtocol() {
                return RequestFacade.this.getProtocol();
            }

            @Override
            public String getProtocolConnectionId() {
                return "";
            }

            @Override
            public boolean isSecure() {
                return RequestFacade.this.isSecure();
            }
        };
    }

    @Override
    public String getRequestId() {
        if (requestId == null) {
            requestId = Long.toString(REQUEST_IDS.incrementAndGet());
        }
        return requestId;
    }

    @Override
    public String getProtocolRequestId() {
        return "";
    }

    // ---- locales -----------------------------------------------------------------------------------------------

    @Override
    public Locale getLocale() {
        return getLocales().nextElement();
    }

    @Override
    public Enumeration<Locale> getLocales() {
        String header = request.headers().get("accept-language", null);
        if (header == null || header.isBlank()) {
            return Collections.enumeration(List.of(Locale.getDefault()));
        }
        try {
            List<Locale> locales = new ArrayList<>();
            for (Locale.LanguageRange range : Locale.LanguageRange.parse(header)) {
                if (!range.getRange().equals("*")) {
                    locales.add(Locale.forLanguageTag(range.getRange()));
                }
            }
            return Collections.enumeration(locales.isEmpty() ? List.of(Locale.getDefault()) : locales);
        } catch (IllegalArgumentException malformed) {
            return Collections.enumeration(List.of(Locale.getDefault()));
        }
    }

    // ---- dispatching and asynchrony ---------------------------------------------------------------------------

    @Override
    public RequestDispatcher getRequestDispatcher(String path) {
        return null;
    }

    @Override
    public ServletContext getServletContext() {
        return context();
    }

    @Override
    public AsyncContext startAsync() {
        throw asyncUnsupported();
    }

    @Override
    public AsyncContext startAsync(ServletRequest servletRequest, ServletResponse servletResponse) {
        throw asyncUnsupported();
    }

    private static IllegalStateException asyncUnsupported() {
        return new IllegalStateException("Brisk has no servlet asynchronous processing: return a CompletionStage, "
                + "DeferredResult or StreamingResponseBody from the handler instead");
    }

    @Override
    public boolean isAsyncStarted() {
        return false;
    }

    @Override
    public boolean isAsyncSupported() {
        return false;
    }

    @Override
    public AsyncContext getAsyncContext() {
        throw new IllegalStateException("no asynchronous processing was started");
    }

    @Override
    public DispatcherType getDispatcherType() {
        return DispatcherType.REQUEST;
    }

    // ---- HTTP --------------------------------------------------------------------------------------------------

    @Override
    public String getAuthType() {
        return null;
    }

    @Override
    public Cookie[] getCookies() {
        Map<String, String> cookies = request.cookies();
        if (cookies.isEmpty()) {
            return null;
        }
        List<Cookie> all = new ArrayList<>();
        cookies.forEach((name, value) -> {
            try {
                all.add(new Cookie(name, value));
            } catch (IllegalArgumentException invalidName) {
                // a name a servlet cookie may not have is skipped, as a container skips it
            }
        });
        return all.toArray(Cookie[]::new);
    }

    @Override
    public long getDateHeader(String name) {
        String value = getHeader(name);
        if (value == null) {
            return -1;
        }
        try {
            return ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant().toEpochMilli();
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("header " + name + " is not a date: " + value, e);
        }
    }

    @Override
    public String getHeader(String name) {
        return request.headers().get(name, null);
    }

    @Override
    public Enumeration<String> getHeaders(String name) {
        return Collections.enumeration(request.headers().all(name));
    }

    @Override
    public Enumeration<String> getHeaderNames() {
        Set<String> names = new LinkedHashSet<>();
        request.headers().forEach((name, value) -> names.add(name.toString()));
        return Collections.enumeration(names);
    }

    @Override
    public int getIntHeader(String name) {
        String value = getHeader(name);
        return value == null ? -1 : Integer.parseInt(value.trim());
    }

    @Override
    public HttpServletMapping getHttpServletMapping() {
        String match = getServletPath().isEmpty() ? "" : getServletPath().substring(1);
        return new HttpServletMapping() {
            @Override
            public String getMatchValue() {
                return match;
            }

            @Override
            public String getPattern() {
                return "/";
            }

            @Override
            public String getServletName() {
                return "brisk";
            }

            @Override
            public MappingMatch getMappingMatch() {
                return MappingMatch.DEFAULT;
            }
        };
    }

    @Override
    public String getMethod() {
        return request.method().name();
    }

    @Override
    public String getPathInfo() {
        return null;
    }

    @Override
    public String getPathTranslated() {
        return null;
    }

    @Override
    public String getContextPath() {
        return context().getContextPath();
    }

    @Override
    public String getQueryString() {
        String query = request.rawQuery();
        return query == null || query.isEmpty() ? null : query;
    }

    @Override
    public String getRemoteUser() {
        return null;
    }

    @Override
    public boolean isUserInRole(String role) {
        return false;
    }

    @Override
    public Principal getUserPrincipal() {
        return null;
    }

    @Override
    public String getRequestURI() {
        return request.rawPath();
    }

    @Override
    public StringBuffer getRequestURL() {
        StringBuffer url = new StringBuffer(getScheme()).append("://");
        String host = request.headers().get("host", null);
        url.append(host != null ? host : getLocalName() + ":" + getLocalPort());
        return url.append(getRequestURI());
    }

    @Override
    public String getServletPath() {
        return ServletPaths.withinContext(request.path(), getContextPath());
    }

    // ---- sessions ----------------------------------------------------------------------------------------------

    @Override
    public HttpSession getSession(boolean create) {
        if (session != null && session.isGone(System.currentTimeMillis())) {
            session = null;
        }
        if (session == null && !sessionLookedUp) {
            sessionLookedUp = true;
            session = context().sessions().find(getRequestedSessionId());
        }
        if (session == null && create) {
            if (exchange.response().isCommitted()) {
                throw new IllegalStateException("cannot create a session once the response is committed");
            }
            session = context().sessions().create();
            exchange.sessionCookie(session.getId());
        }
        return session;
    }

    @Override
    public HttpSession getSession() {
        return getSession(true);
    }

    @Override
    public String changeSessionId() {
        HttpSession current = getSession(false);
        if (current == null) {
            throw new IllegalStateException("the request has no session whose id could change");
        }
        context().sessions().store().changeId(session.stored());
        String id = session.getId();
        exchange.sessionCookie(id);
        return id;
    }

    @Override
    public String getRequestedSessionId() {
        return request.cookie(context().cookie().effectiveName()).orElse(null);
    }

    @Override
    public boolean isRequestedSessionIdValid() {
        String requested = getRequestedSessionId();
        HttpSession current = getSession(false);
        return requested != null && current != null && requested.equals(current.getId());
    }

    @Override
    public boolean isRequestedSessionIdFromCookie() {
        return getRequestedSessionId() != null;
    }

    @Override
    public boolean isRequestedSessionIdFromURL() {
        return false;
    }

    // ---- what a container does and Brisk does not -----------------------------------------------------------

    @Override
    public boolean authenticate(HttpServletResponse response) throws ServletException {
        throw new ServletException("Brisk has no container authentication: use Spring Security or a filter");
    }

    @Override
    public void login(String username, String password) throws ServletException {
        throw new ServletException("Brisk has no container authentication: use Spring Security or a filter");
    }

    @Override
    public void logout() {
        // nothing is authenticated by the container
    }

    @Override
    public Collection<Part> getParts() throws ServletException {
        throw new ServletException("multipart bodies are read with @RequestPart/MultipartFile, not getParts()");
    }

    @Override
    public Part getPart(String name) throws ServletException {
        throw new ServletException("multipart bodies are read with @RequestPart/MultipartFile, not getPart()");
    }

    @Override
    public <T extends HttpUpgradeHandler> T upgrade(Class<T> handlerClass) throws ServletException {
        throw new ServletException("Brisk has no servlet upgrade: use WebSocket routes or @ServerEndpoint");
    }
}
