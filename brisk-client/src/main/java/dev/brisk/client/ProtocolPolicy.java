package dev.brisk.client;

/**
 * How the client chooses the HTTP version of a connection (the version itself is a
 * {@link dev.brisk.http.common.Protocol}). Over TLS the version is agreed with ALPN; over
 * cleartext ({@code http://}) HTTP/2 needs prior knowledge or an upgrade. HTTP/3 runs over QUIC (UDP, always TLS 1.3)
 * and needs the optional {@code io.netty:netty-codec-http3} and {@code netty-codec-native-quic} jars; connections
 * through a proxy never use it.
 *
 * <table>
 *   <caption>What each choice means</caption>
 *   <tr><th>value</th><th>{@code https://}</th><th>{@code http://}</th></tr>
 *   <tr><td>{@link #AUTO}</td><td>ALPN offers h2 and http/1.1; the server picks</td><td>HTTP/1.1</td></tr>
 *   <tr><td>{@link #HTTP_1_1}</td><td>HTTP/1.1 only</td><td>HTTP/1.1</td></tr>
 *   <tr><td>{@link #H2}</td><td>h2 only; a server that does not agree fails the connection</td>
 *       <td>h2c with prior knowledge</td></tr>
 *   <tr><td>{@link #H2C_PRIOR_KNOWLEDGE}</td><td>as {@link #AUTO}</td><td>h2c with prior knowledge</td></tr>
 *   <tr><td>{@link #H2C_UPGRADE}</td><td>as {@link #AUTO}</td>
 *       <td>{@code Upgrade: h2c} on a probe request; HTTP/1.1 when the server refuses</td></tr>
 *   <tr><td>{@link #H3}</td><td>HTTP/3 over QUIC only; a server that does not answer over QUIC fails the
 *       connection</td><td>HTTP/1.1</td></tr>
 *   <tr><td>{@link #H3_ALT_SVC}</td><td>as {@link #AUTO}, then HTTP/3 once the origin advertises it in
 *       {@code Alt-Svc}, falling back to TCP when QUIC does not get through</td><td>HTTP/1.1</td></tr>
 * </table>
 */
public enum ProtocolPolicy {
    /** HTTP/2 over TLS when the server agrees, HTTP/1.1 otherwise and on cleartext. The default. */
    AUTO,
    /** HTTP/1.1 only. */
    HTTP_1_1,
    /** HTTP/2 only: h2 over TLS, h2c with prior knowledge on cleartext. */
    H2,
    /** h2c with prior knowledge on cleartext; TLS as {@link #AUTO}. */
    H2C_PRIOR_KNOWLEDGE,
    /** h2c through {@code Upgrade: h2c}, falling back to HTTP/1.1 when refused; TLS as {@link #AUTO}. */
    H2C_UPGRADE,
    /**
     * HTTP/3 over QUIC to the port of the {@code https://} URI, without falling back; HTTP/1.1 on cleartext. Building a
     * client with it fails with {@link IllegalStateException} naming the cause when QUIC cannot run here.
     */
    H3,
    /**
     * As {@link #AUTO}, and HTTP/3 for {@code https://} origins whose responses advertise it ({@code Alt-Svc: h3=":port"},
     * remembered for its {@code ma}): new connections to such an origin try QUIC first and use TCP when the QUIC
     * handshake has not completed within {@link ClientOptions#http3FallbackDelay()} (300 ms by default), leaving HTTP/3
     * to that origin alone for 5 minutes. Where QUIC cannot
     * run, this is {@link #AUTO}.
     */
    H3_ALT_SVC
}
