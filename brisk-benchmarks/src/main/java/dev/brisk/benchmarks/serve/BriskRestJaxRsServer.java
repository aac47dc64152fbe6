package dev.brisk.benchmarks.serve;

import dev.brisk.rest.Brisk;
import dev.brisk.rest.Schedulers;

/** {@code serve brisk-rest-jaxrs}: the Jakarta REST resource on Brisk (IO scheduler). */
final class BriskRestJaxRsServer implements ServerImpl {

    @Override
    public int start(ServeOptions options) {
        return Brisk.server()
                .port(options.port())
                .controllerScheduler(Schedulers.IO)
                .http(options::applyTo)
                .controllers(new BenchmarkJaxRsResource())
                .start()
                .port();
    }
}
