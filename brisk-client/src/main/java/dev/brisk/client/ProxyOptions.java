package dev.brisk.client;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * A proxy every connection of the client goes through, except to the hosts of {@link #noProxy()}: an HTTP proxy
 * (a {@code CONNECT} tunnel, for {@code http://} and {@code https://} alike) or a SOCKS5 proxy, with optional
 * credentials (Basic for HTTP, user name and password for SOCKS5). The target host name is handed to the proxy
 * unresolved, so the proxy does the DNS lookup.
 *
 * <pre>{@code
 * ProxyOptions.http("proxy.internal", 3128).credentials("user", "secret").noProxy("localhost", "*.internal");
 * }</pre>
 */
public final class ProxyOptions {

    /** The kind of proxy. */
    public enum Type {
        /** An HTTP proxy, spoken to with {@code CONNECT host:port}. */
        HTTP,
        /** A SOCKS5 proxy. */
        SOCKS5
    }

    private final Type type;
    private final String host;
    private final int port;
    private final String username;
    private final String password;
    private final List<String> noProxy;

    private ProxyOptions(Type type, String host, int port, String username, String password, List<String> noProxy) {
        this.type = type;
        this.host = host;
        this.port = port;
        this.username = username;
        this.password = password;
        this.noProxy = noProxy;
    }

    /** An HTTP proxy (tunnels with {@code CONNECT}). */
    public static ProxyOptions http(String host, int port) {
        return of(Type.HTTP, host, port);
    }

    /** A SOCKS5 proxy. */
    public static ProxyOptions socks5(String host, int port) {
        return of(Type.SOCKS5, host, port);
    }

    private static ProxyOptions of(Type type, String host, int port) {
        if (Objects.requireNonNull(host, "host").isBlank()) {
            throw new IllegalArgumentException("proxy host must not be empty");
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("proxy port must be within [1, 65535]: " + port);
        }
        return new ProxyOptions(type, host, port, null, null, List.of());
    }

    /** The same proxy with credentials. */
    public ProxyOptions credentials(String username, String password) {
        return new ProxyOptions(type, host, port, Objects.requireNonNull(username, "username"),
                Objects.requireNonNull(password, "password"), noProxy);
    }

    /**
     * The same proxy, bypassed for these hosts: exact names or IP literals, or {@code *.domain} (also
     * {@code .domain}) for a domain and its subdomains. Case-insensitive.
     */
    public ProxyOptions noProxy(String... hosts) {
        List<String> list = java.util.Arrays.stream(hosts).map(h -> h.trim().toLowerCase(Locale.ROOT))
                .filter(h -> !h.isEmpty()).toList();
        return new ProxyOptions(type, host, port, username, password, list);
    }

    public Type type() {
        return type;
    }

    public String host() {
        return host;
    }

    public int port() {
        return port;
    }

    /** The user name, or null without credentials. */
    public String username() {
        return username;
    }

    /** The password, or null without credentials. */
    public String password() {
        return password;
    }

    /** Hosts reached directly. */
    public List<String> noProxy() {
        return noProxy;
    }

    /** Whether connections to {@code targetHost} go through this proxy. */
    public boolean appliesTo(String targetHost) {
        String h = targetHost.toLowerCase(Locale.ROOT);
        if (h.startsWith("[") && h.endsWith("]")) {
            h = h.substring(1, h.length() - 1);
        }
        for (String pattern : noProxy) {
            if (pattern.equals("*") || pattern.equals(h)) {
                return false;
            }
            String suffix = pattern.startsWith("*.") ? pattern.substring(1) : pattern.startsWith(".") ? pattern : null;
            if (suffix != null && (h.endsWith(suffix) || h.equals(suffix.substring(1)))) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String toString() {
        return "ProxyOptions[" + type + " " + host + ":" + port + (username != null ? ", with credentials" : "")
                + (noProxy.isEmpty() ? "" : ", noProxy=" + noProxy) + "]";
    }
}
