package dev.brisk.client;

/**
 * How the client chooses the HTTP version of a connection (the version itself is a
 * {@link dev.brisk.http.common.Protocol}). Over TLS the version is agreed with ALPN; over
 * cleartext ({@code http://}) HTTP/2 needs prior knowledge or an upgrade.
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
    H2C_UPGRADE
}
