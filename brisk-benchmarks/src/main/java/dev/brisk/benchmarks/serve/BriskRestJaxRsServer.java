package dev.brisk.benchmarks.serve;

import dev.brisk.rest.Brisk;
import dev.brisk.rest.Schedulers;

/**
 * {@code serve brisk-rest-jaxrs} (resource methods on the event loop, {@code @RunOn("io")}'s choice) and
 * {@code serve brisk-rest-jaxrs-worker} (the worker pool, the default for annotated controllers) and
 * {@code serve brisk-rest-jaxrs-virtual} (a virtual thread per request, Java 21+): the Jakarta REST
 * resource on Brisk.
 */
final class BriskRestJaxRsServer implements ServerImpl {

    private final String scheduler;

    private BriskRestJaxRsServer(String scheduler) {
        this.scheduler = scheduler;
    }

    static BriskRestJaxRsServer io() {
        return new BriskRestJaxRsServer(Schedulers.IO);
    }

    static BriskRestJaxRsServer worker() {
        return new BriskRestJaxRsServer(Schedulers.WORKER);
    }

    static BriskRestJaxRsServer virtual() {
        return new BriskRestJaxRsServer(Schedulers.VIRTUAL);
    }

    @Override
    public int start(ServeOptions options) {
        return Brisk.server()
                .port(options.port())
                .options(o -> o.controllerScheduler(scheduler))
                .http(options::applyTo)
                .controllers(new BenchmarkJaxRsResource())
                .start()
                .port();
    }
}
