package dev.brisk.rest.servlet.internal;

import jakarta.servlet.SessionCookieConfig;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * The session cookie's attributes ({@code JSESSIONID}, {@code Path} the context path, {@code HttpOnly}, by default
 * {@code SameSite=Lax}), as {@code server.servlet.session.cookie.*} sets them on a servlet container.
 */
@SuppressWarnings("removal") // the comment accessors are part of the interface until it drops them
final class CookieSettings implements SessionCookieConfig {

    private final Map<String, String> attributes = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    /** The name set, else null: Tomcat's answer too, which libraries read as "keep your own default". */
    private String name;
    private int maxAge = -1;

    CookieSettings() {
        attributes.put("HttpOnly", "");
    }

    /** The {@code Set-Cookie} value that sets {@code id}, or clears the cookie when {@code id} is null. */
    String header(String id, String defaultPath) {
        StringBuilder cookie = new StringBuilder(effectiveName()).append('=').append(id == null ? "" : id);
        String path = getPath();
        cookie.append("; Path=").append(path == null || path.isEmpty() ? defaultPath : path);
        if (getDomain() != null) {
            cookie.append("; Domain=").append(getDomain());
        }
        if (id == null) {
            cookie.append("; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT");
        } else if (maxAge >= 0) {
            cookie.append("; Max-Age=").append(maxAge);
        }
        if (isSecure()) {
            cookie.append("; Secure");
        }
        if (isHttpOnly()) {
            cookie.append("; HttpOnly");
        }
        String sameSite = attributes.get("SameSite");
        cookie.append("; SameSite=").append(sameSite == null ? "Lax" : sameSite);
        attributes.forEach((key, value) -> {
            if (!key.equalsIgnoreCase("Path") && !key.equalsIgnoreCase("Domain") && !key.equalsIgnoreCase("Secure")
                    && !key.equalsIgnoreCase("HttpOnly") && !key.equalsIgnoreCase("SameSite")
                    && !key.equalsIgnoreCase("Max-Age") && !key.equalsIgnoreCase("Comment")) {
                cookie.append("; ").append(key);
                if (!value.isEmpty()) {
                    cookie.append('=').append(value);
                }
            }
        });
        return cookie.toString();
    }

    @Override
    public void setName(String name) {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("the session cookie needs a name");
        }
        this.name = name;
    }

    /** The name set, null when none was (Spring Session then names its cookie {@code SESSION}, as on Tomcat). */
    @Override
    public String getName() {
        return name;
    }

    /** The name of the facade's own session cookie: the name set, else {@code JSESSIONID}. */
    String effectiveName() {
        return name != null ? name : "JSESSIONID";
    }

    @Override
    public void setDomain(String domain) {
        setAttribute("Domain", domain);
    }

    @Override
    public String getDomain() {
        return attributes.get("Domain");
    }

    @Override
    public void setPath(String path) {
        setAttribute("Path", path);
    }

    @Override
    public String getPath() {
        return attributes.get("Path");
    }

    @Override
    @Deprecated(forRemoval = true)
    public void setComment(String comment) {
        // comments are no longer part of cookies (RFC 6265)
    }

    @Override
    @Deprecated(forRemoval = true)
    public String getComment() {
        return null;
    }

    @Override
    public void setHttpOnly(boolean httpOnly) {
        setAttribute("HttpOnly", httpOnly ? "" : null);
    }

    @Override
    public boolean isHttpOnly() {
        return attributes.containsKey("HttpOnly");
    }

    @Override
    public void setSecure(boolean secure) {
        setAttribute("Secure", secure ? "" : null);
    }

    @Override
    public boolean isSecure() {
        return attributes.containsKey("Secure");
    }

    @Override
    public void setMaxAge(int maxAge) {
        this.maxAge = maxAge;
    }

    @Override
    public int getMaxAge() {
        return maxAge;
    }

    @Override
    public void setAttribute(String key, String value) {
        if (value == null) {
            attributes.remove(key);
        } else {
            attributes.put(key, value);
        }
    }

    @Override
    public String getAttribute(String key) {
        return attributes.get(key);
    }

    @Override
    public Map<String, String> getAttributes() {
        return Collections.unmodifiableMap(attributes);
    }
}
