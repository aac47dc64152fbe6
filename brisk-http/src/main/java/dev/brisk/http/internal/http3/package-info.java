/**
 * HTTP/3 over QUIC (RFC 9114) on Netty's {@code netty-codec-http3}: a UDP listener beside the TLS one, a handler per
 * QUIC connection for its limits, deadlines and drain, and one per request stream mapping it to the server's request
 * and response types.
 */
package dev.brisk.http.internal.http3;
