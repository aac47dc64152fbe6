package dev.brisk.benchmarks.serve;

import dev.brisk.http.HttpServer;
import dev.brisk.transport.TlsOptions;
import dev.brisk.transport.Transport;

/** How a benchmark server is started: same port, IO threads, TLS and transport for every implementation. */
public record ServeOptions(int port, int ioThreads, boolean tls, Transport transport) {

    /** Applies IO threads, transport and TLS to a Brisk HTTP server builder. */
    void applyTo(HttpServer.Builder http) {
        http.options(o -> o.ioThreads(ioThreads).transport(transport));
        if (tls) {
            http.tls(TlsOptions.selfSigned());
        }
    }
}
