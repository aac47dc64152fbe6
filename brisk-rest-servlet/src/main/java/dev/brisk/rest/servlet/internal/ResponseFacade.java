package dev.brisk.rest.servlet.internal;

import dev.brisk.http.ServerResponse;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletResponse;

import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * An {@link HttpServletResponse} view of a Brisk response. Status and headers go to the response as they are set; what
 * is written to the writer or output stream is kept and sent when the servlet filters have returned (or the handler
 * that took this view returned), unless the handler sent a result of its own. {@link #sendError} answers an RFC 9457
 * problem with that status, as Brisk answers every error; {@link #sendRedirect} a redirect to an absolute URL, as
 * Tomcat makes it.
 */
final class ResponseFacade implements HttpServletResponse {

    private static final DateTimeFormatter HTTP_DATE = DateTimeFormatter.RFC_1123_DATE_TIME.withZone(ZoneOffset.UTC);

    private final ServletExchange exchange;
    private final BodyOutputStream body = new BodyOutputStream(this::commit);
    private PrintWriter writer;
    private boolean streamUsed;
    private String characterEncoding;
    private Locale locale = Locale.getDefault();
    private boolean committed;
    private int errorStatus;
    private String errorMessage;
    private int bufferSize = 8192;

    ResponseFacade(ServletExchange exchange) {
        this.exchange = exchange;
    }

    private ServerResponse target() {
        return exchange.target();
    }

    /** Whether anything was written, an error or a redirect sent, or the buffer flushed: there is an answer here. */
    boolean answered() {
        if (writer != null) {
            writer.flush();
        }
        return committed || body.size() > 0;
    }

    int errorStatus() {
        return errorStatus;
    }

    String errorMessage() {
        return errorMessage;
    }

    /** The bytes written so far (the writer flushed first). */
    byte[] bodyBytes() {
        if (writer != null) {
            writer.flush();
        }
        return body.toByteArray();
    }

    private void commit() {
        committed = true;
    }

    @Override
    public String getCharacterEncoding() {
        if (characterEncoding != null) {
            return characterEncoding;
        }
        String fromType = MediaTypes.charset(getContentType());
        if (fromType != null) {
            return fromType;
        }
        String fromContext = exchange.servletContext().getResponseCharacterEncoding();
        return fromContext != null ? fromContext : StandardCharsets.ISO_8859_1.name();
    }

    @Override
    public String getContentType() {
        return target().headers().get("content-type", null);
    }

    @Override
    public ServletOutputStream getOutputStream() {
        if (writer != null) {
            throw new IllegalStateException("getWriter() has already been called for this response");
        }
        streamUsed = true;
        return body;
    }

    @Override
    public PrintWriter getWriter() {
        if (streamUsed) {
            throw new IllegalStateException("getOutputStream() has already been called for this response");
        }
        if (writer == null) {
            String contentType = getContentType();
            if (contentType != null && MediaTypes.charset(contentType) == null) {
                setContentType(contentType); // the writer's charset joins the content type, as on a container
            }
            writer = new PrintWriter(new OutputStreamWriter(body, Charset.forName(getCharacterEncoding())), false);
        }
        return writer;
    }

    @Override
    public void setCharacterEncoding(String charset) {
        if (writer != null || committed || charset == null) {
            return;
        }
        characterEncoding = charset;
        String contentType = getContentType();
        if (contentType != null) {
            target().headers().set("content-type", MediaTypes.withCharset(contentType, charset));
        }
    }

    @Override
    public void setContentLength(int len) {
        setContentLengthLong(len);
    }

    @Override
    public void setContentLengthLong(long len) {
        // the length is the body's own when it is sent
    }

    @Override
    public void setContentType(String type) {
        if (committed) {
            return;
        }
        if (type == null) {
            target().headers().remove("content-type");
            return;
        }
        String charset = MediaTypes.charset(type);
        if (charset != null && writer == null) {
            characterEncoding = charset;
        } else if (characterEncoding != null || writer != null) {
            type = MediaTypes.withCharset(type, getCharacterEncoding());
        }
        target().headers().set("content-type", type);
    }

    @Override
    public void setBufferSize(int size) {
        if (body.size() > 0 || committed) {
            throw new IllegalStateException("the buffer size cannot change once content has been written");
        }
        bufferSize = size;
    }

    @Override
    public int getBufferSize() {
        return bufferSize;
    }

    @Override
    public void flushBuffer() {
        if (writer != null) {
            writer.flush();
        }
        commit();
    }

    @Override
    public void resetBuffer() {
        if (isCommitted()) {
            throw new IllegalStateException("the response has been committed");
        }
        if (writer != null) {
            writer.flush();
        }
        body.reset();
    }

    @Override
    public boolean isCommitted() {
        return committed || target().isCommitted();
    }

    @Override
    public void reset() {
        resetBuffer();
        target().headers().clear();
        target().status(200);
        writer = null;
        streamUsed = false;
        characterEncoding = null;
    }

    @Override
    public void setLocale(Locale loc) {
        if (loc != null && !committed) {
            locale = loc;
            target().headers().set("content-language", loc.toLanguageTag());
        }
    }

    @Override
    public Locale getLocale() {
        return locale;
    }

    @Override
    public void addCookie(Cookie cookie) {
        addHeader("set-cookie", SetCookie.of(cookie));
    }

    @Override
    public boolean containsHeader(String name) {
        return target().headers().contains(name);
    }

    @Override
    public String encodeURL(String url) {
        return url;
    }

    @Override
    public String encodeRedirectURL(String url) {
        return url;
    }

    @Override
    public void sendError(int sc, String msg) {
        if (isCommitted()) {
            throw new IllegalStateException("sendError(" + sc + "): the response has been committed");
        }
        resetBuffer();
        errorStatus = sc;
        errorMessage = msg;
        target().status(sc);
        commit();
    }

    @Override
    public void sendError(int sc) {
        sendError(sc, null);
    }

    @Override
    public void sendRedirect(String location, int sc, boolean clearBuffer) {
        if (isCommitted()) {
            throw new IllegalStateException("sendRedirect: the response has been committed");
        }
        if (clearBuffer) {
            resetBuffer();
        }
        target().status(sc);
        target().headers().set("location", exchange.absolute(location));
        commit();
    }

    @Override
    public void setDateHeader(String name, long date) {
        setHeader(name, HTTP_DATE.format(Instant.ofEpochMilli(date)));
    }

    @Override
    public void addDateHeader(String name, long date) {
        addHeader(name, HTTP_DATE.format(Instant.ofEpochMilli(date)));
    }

    @Override
    public void setHeader(String name, String value) {
        if (name == null || committed) {
            return;
        }
        if (name.equalsIgnoreCase("content-type")) {
            setContentType(value);
        } else if (value == null) {
            target().headers().remove(name);
        } else {
            target().headers().set(name, value);
        }
    }

    @Override
    public void addHeader(String name, String value) {
        if (name == null || value == null || committed) {
            return;
        }
        if (name.equalsIgnoreCase("content-type")) {
            setContentType(value);
        } else {
            target().headers().add(name, value);
        }
    }

    @Override
    public void setIntHeader(String name, int value) {
        setHeader(name, Integer.toString(value));
    }

    @Override
    public void addIntHeader(String name, int value) {
        addHeader(name, Integer.toString(value));
    }

    @Override
    public void setStatus(int sc) {
        if (!committed) {
            target().status(sc);
        }
    }

    @Override
    public int getStatus() {
        return target().status();
    }

    @Override
    public String getHeader(String name) {
        return target().headers().get(name, null);
    }

    @Override
    public Collection<String> getHeaders(String name) {
        return new ArrayList<>(target().headers().all(name));
    }

    @Override
    public Collection<String> getHeaderNames() {
        Set<String> names = new LinkedHashSet<>();
        target().headers().forEach((name, value) -> names.add(name.toString()));
        return List.copyOf(names);
    }
}
