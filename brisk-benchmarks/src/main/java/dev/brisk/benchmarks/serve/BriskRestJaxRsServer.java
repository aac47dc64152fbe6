package dev.brisk.benchmarks.serve;

import dev.brisk.rest.Brisk;

/** {@code serve brisk-rest-jaxrs}: the Jakarta REST resource on Brisk (IO scheduler). */
final class BriskRestJaxRsServer implements ServerImpl {

    @Override
    public int start(ServeOptions options) {
        return Brisk.server()
                .port(options.port())
                .http(options::applyTo)
                .controllers(new BenchmarkJaxRsResource())
                .start()
                .port();
    }
}
