package dev.brisk.client.internal;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Objects;
import java.util.regex.Pattern;

/** {@code Authorization} values, and credentials taken out of URLs so they are neither sent in clear nor logged. */
public final class Credentials {

    private static final Pattern USER_INFO = Pattern.compile("(?<=//)[^/?#@]*@");

    private Credentials() {
    }

    /** {@code Basic} with {@code user:password} in UTF-8, Base64-encoded (RFC 7617). */
    public static String basic(String user, String password) {
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(password, "password");
        if (user.indexOf(':') >= 0) {
            throw new IllegalArgumentException("a basic auth user name cannot contain ':'");
        }
        return "Basic " + Base64.getEncoder().encodeToString((user + ':' + password).getBytes(StandardCharsets.UTF_8));
    }

    /** {@code Bearer token}. */
    public static String bearer(String token) {
        Objects.requireNonNull(token, "token");
        if (token.isEmpty() || token.chars().anyMatch(c -> c <= ' ' || c >= 127)) {
            throw new IllegalArgumentException("a bearer token must be non-empty visible ASCII");
        }
        return "Bearer " + token;
    }

    /** The {@code Basic} value for the user info of {@code uri} ({@code user:password}, percent-decoded). */
    public static String basicOf(URI uri) {
        String info = uri.getUserInfo();
        int colon = info.indexOf(':');
        String user = colon < 0 ? info : info.substring(0, colon);
        String password = colon < 0 ? "" : info.substring(colon + 1);
        return "Basic " + Base64.getEncoder().encodeToString((user + ':' + password).getBytes(StandardCharsets.UTF_8));
    }

    /** {@code uri} without its user info. */
    public static URI withoutUserInfo(URI uri) {
        StringBuilder text = new StringBuilder(uri.getScheme()).append("://");
        String host = uri.getRawAuthority();
        text.append(host, host.lastIndexOf('@') + 1, host.length());
        if (uri.getRawPath() != null) {
            text.append(uri.getRawPath());
        }
        if (uri.getRawQuery() != null) {
            text.append('?').append(uri.getRawQuery());
        }
        if (uri.getRawFragment() != null) {
            text.append('#').append(uri.getRawFragment());
        }
        try {
            return new URI(text.toString());
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("invalid URL: " + e.getMessage(), e);
        }
    }

    /** {@code url} with any user info replaced by {@code ***}, for messages. */
    public static String redact(String url) {
        return url.indexOf('@') < 0 ? url : USER_INFO.matcher(url).replaceFirst("***@");
    }
}
