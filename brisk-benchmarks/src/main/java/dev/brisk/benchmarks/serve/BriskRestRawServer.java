package dev.brisk.benchmarks.serve;

import dev.brisk.rest.Brisk;
import dev.brisk.rest.BriskServer;
import dev.brisk.rest.RequestContext;
import dev.brisk.rest.Schedulers;

/**
 * {@code serve brisk-rest-raw} and {@code serve brisk-rest-raw-worker}: the standard endpoints as programmatic routes of
 * the REST framework (the "raw fast path"), on the IO scheduler or on the worker pool.
 */
final class BriskRestRawServer implements ServerImpl {

    private final String scheduler;

    BriskRestRawServer(String scheduler) {
        this.scheduler = scheduler;
    }

    static BriskRestRawServer io() {
        return new BriskRestRawServer(Schedulers.IO);
    }

    static BriskRestRawServer worker() {
        return new BriskRestRawServer(Schedulers.WORKER);
    }

    @Override
    public int start(ServeOptions options) {
        BriskServer.Builder builder = Brisk.server()
                .port(options.port())
                .options(o -> o.defaultScheduler(scheduler))
                .http(options::applyTo);
        return standardEndpoints(builder).start().port();
    }

    /** Adds the standard endpoints as programmatic routes. */
    static BriskServer.Builder standardEndpoints(BriskServer.Builder builder) {
        return builder
                .get("/hello", ctx -> ctx.response().header("content-type", Endpoints.TEXT_PLAIN)
                        .send(Endpoints.HELLO))
                .post("/echo", ctx -> ctx.response()
                        .header("content-type", ctx.request().headers().get("content-type", Endpoints.OCTET_STREAM))
                        .send(ctx.request().body().retain()))
                .get("/json", ctx -> ctx.response().header("content-type", Endpoints.APPLICATION_JSON)
                        .send(Endpoints.JSON))
                .get("/users/{id}", BriskRestRawServer::user);
    }

    private static void user(RequestContext ctx) {
        byte[] user = Endpoints.user(ctx.pathParam("id"));
        if (user == null) {
            ctx.response().status(400).send("invalid id");
        } else {
            ctx.response().header("content-type", Endpoints.APPLICATION_JSON).send(user);
        }
    }
}
