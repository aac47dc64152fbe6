package dev.brisk.benchmarks.serve;

import dev.brisk.http.Transport;

/** How a benchmark server is started: same port, IO threads, TLS and transport for every implementation. */
public record ServeOptions(int port, int ioThreads, boolean tls, Transport transport) {
}
