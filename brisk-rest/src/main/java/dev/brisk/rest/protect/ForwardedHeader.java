package dev.brisk.rest.protect;

/**
 * The header a server's trusted proxies write the client's address to
 * ({@link ProtectionConfig#forwardedHeader}).
 * Only that header is read: a client can send the other one itself, and a proxy that does not write it passes it on
 * untouched, so believing it would let any client name its own address.
 */
public enum ForwardedHeader {

    /** {@code X-Forwarded-For}, written by nginx ({@code proxy_add_x_forwarded_for}), HAProxy, AWS and most others. */
    X_FORWARDED_FOR,

    /** {@code Forwarded} (RFC 7239), its {@code for} parameters. */
    FORWARDED
}
