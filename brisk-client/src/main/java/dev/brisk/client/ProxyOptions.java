package dev.brisk.client;

import java.util.ArrayList;
import java.util.Arrays;
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
 * ProxyOptions.builder().type(ProxyOptions.Type.SOCKS5).host("socks.internal").port(1080).build();
 * }</pre>
 *
 * @param type     the kind of proxy
 * @param host     the proxy's host name or address
 * @param port     the proxy's port
 * @param username the user name, or null without credentials
 * @param password the password, or null without credentials
 * @param noProxy  hosts reached directly: exact names or IP literals, or {@code *.domain} (also {@code .domain}) for a
 *                 domain and its subdomains; case-insensitive (kept trimmed and in lower case, empty ones dropped)
 */
public record ProxyOptions(Type type, String host, int port, String username, String password, List<String> noProxy) {

    /** The kind of proxy. */
    public enum Type {
        /** An HTTP proxy, spoken to with {@code CONNECT host:port}. */
        HTTP,
        /** A SOCKS5 proxy. */
        SOCKS5
    }

    /** Validates every component; a message names the component and the offending value. */
    public ProxyOptions {
        Objects.requireNonNull(type, "type must not be null");
        Objects.requireNonNull(host, "host must not be null");
        if (host.isBlank()) {
            throw new IllegalArgumentException("host must not be blank: '" + host + "'");
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("port must be within [1, 65535]: " + port);
        }
        if ((username == null) != (password == null)) {
            throw new IllegalArgumentException(username == null
                    ? "username must be set with a password: null"
                    : "password must be set with username '" + username + "': null");
        }
        Objects.requireNonNull(noProxy, "noProxy must not be null");
        List<String> normalized = new ArrayList<>(noProxy.size());
        for (String pattern : noProxy) {
            if (pattern == null) {
                throw new NullPointerException("noProxy must not contain null: " + noProxy);
            }
            String trimmed = pattern.trim().toLowerCase(Locale.ROOT);
            if (!trimmed.isEmpty()) {
                normalized.add(trimmed);
            }
        }
        noProxy = List.copyOf(normalized);
    }

    /** An HTTP proxy (tunnels with {@code CONNECT}). */
    public static ProxyOptions http(String host, int port) {
        return builder().type(Type.HTTP).host(host).port(port).build();
    }

    /** A SOCKS5 proxy. */
    public static ProxyOptions socks5(String host, int port) {
        return builder().type(Type.SOCKS5).host(host).port(port).build();
    }

    /** A builder for an HTTP proxy without credentials, to which a host and a port must be given. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding these settings, to change some. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** The same proxy with credentials. */
    public ProxyOptions credentials(String username, String password) {
        Objects.requireNonNull(username, "username must not be null");
        Objects.requireNonNull(password, "password must not be null");
        return toBuilder().username(username).password(password).build();
    }

    /** The same proxy, bypassed for these hosts (see {@link #noProxy()}). */
    public ProxyOptions noProxy(String... hosts) {
        return toBuilder().noProxy(Arrays.asList(hosts)).build();
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

    /** Type, address and bypassed hosts; never the credentials. */
    @Override
    public String toString() {
        return "ProxyOptions[" + type + " " + host + ":" + port + (username != null ? ", with credentials" : "")
                + (noProxy.isEmpty() ? "" : ", noProxy=" + noProxy) + "]";
    }

    /** Builds {@link ProxyOptions}; {@link #build()} validates. */
    public static final class Builder {
        private Type type = Type.HTTP;
        private String host;
        private int port;
        private String username;
        private String password;
        private List<String> noProxy = List.of();

        private Builder() {
        }

        private Builder(ProxyOptions options) {
            type = options.type;
            host = options.host;
            port = options.port;
            username = options.username;
            password = options.password;
            noProxy = options.noProxy;
        }

        /** The kind of proxy; default {@link Type#HTTP}. */
        public Builder type(Type type) {
            this.type = type;
            return this;
        }

        /** The proxy's host name or address (required). */
        public Builder host(String host) {
            this.host = host;
            return this;
        }

        /** The proxy's port (required). */
        public Builder port(int port) {
            this.port = port;
            return this;
        }

        /** The user name (with {@link #password}), or null for none. */
        public Builder username(String username) {
            this.username = username;
            return this;
        }

        /** The password (with {@link #username}), or null for none. */
        public Builder password(String password) {
            this.password = password;
            return this;
        }

        /** Hosts reached directly; default none. */
        public Builder noProxy(List<String> noProxy) {
            this.noProxy = noProxy;
            return this;
        }

        public ProxyOptions build() {
            return new ProxyOptions(type, host, port, username, password, noProxy);
        }
    }
}
