package dev.brisk.benchmarks.serve;

import dev.brisk.http.HttpServer;
import dev.brisk.transport.TlsOptions;
import dev.brisk.transport.Transport;

/**
 * How a benchmark server is started: same port, IO threads, TLS and transport for every implementation; HTTP/3 (on
 * the UDP port of the same number, TLS required) for the Brisk ones.
 */
public record ServeOptions(int port, int ioThreads, boolean tls, boolean http3, Transport transport) {

    /** Without HTTP/3. */
    public ServeOptions(int port, int ioThreads, boolean tls, Transport transport) {
        this(port, ioThreads, tls, false, transport);
    }

    /** Applies IO threads, transport, TLS and HTTP/3 to a Brisk HTTP server builder. */
    void applyTo(HttpServer.Builder http) {
        http.options(o -> o.ioThreads(ioThreads).transport(transport));
        if (tls) {
            http.tls(TlsOptions.selfSigned());
        }
        if (http3) {
            http.options(o -> o.http3(h -> h.enabled(true)));
        }
    }
}
