package dev.brisk.benchmarks.serve;

import dev.brisk.rest.Brisk;
import dev.brisk.rest.Schedulers;

/**
 * {@code serve brisk-rest-spring} (handlers on the event loop, {@code @RunOn("io")}'s choice) and
 * {@code serve brisk-rest-spring-worker} (the worker pool, the default for annotated controllers) and
 * {@code serve brisk-rest-spring-virtual} (a virtual thread per request, Java 21+): the Spring MVC
 * controller on Brisk.
 */
final class BriskRestSpringServer implements ServerImpl {

    private final String scheduler;

    private BriskRestSpringServer(String scheduler) {
        this.scheduler = scheduler;
    }

    static BriskRestSpringServer io() {
        return new BriskRestSpringServer(Schedulers.IO);
    }

    static BriskRestSpringServer worker() {
        return new BriskRestSpringServer(Schedulers.WORKER);
    }

    static BriskRestSpringServer virtual() {
        return new BriskRestSpringServer(Schedulers.VIRTUAL);
    }

    @Override
    public int start(ServeOptions options) {
        return Brisk.server()
                .port(options.port())
                .options(o -> o.controllerScheduler(scheduler))
                .http(options::applyTo)
                .controllers(new BenchmarkSpringController())
                .start()
                .port();
    }
}
