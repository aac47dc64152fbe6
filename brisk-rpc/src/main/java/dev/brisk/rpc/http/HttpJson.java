package dev.brisk.rpc.http;

import dev.brisk.rest.BriskServer;

import java.util.Objects;

/**
 * The HTTP/JSON face of an {@link dev.brisk.rpc.RpcServer} served through a brisk-rest builder of the application's
 * own, whose routes, filters and HTTP options (limits, timeouts, HTTP/2) apply on the RPC port too (its port, host and
 * threads do not: the RPC server's serve):
 *
 * <pre>{@code
 * RpcServer.builder().service(UserService.class, impl)
 *         .http(HttpJson.over(Brisk.server().get("/health", ctx -> ctx.send("ok"))))
 *         .start();
 * }</pre>
 *
 * The one public type of brisk-rpc that names brisk-rest's: applications that use it have brisk-rest, and the others
 * never load it, so reflection over the rest of the API works without brisk-rest.
 */
public final class HttpJson {

    private final BriskServer.Builder rest;

    private HttpJson(BriskServer.Builder rest) {
        this.rest = rest;
    }

    /** The services over HTTP/JSON through {@code rest}, which gets the route {@code POST /rpc/{service}/{method}}. */
    public static HttpJson over(BriskServer.Builder rest) {
        return new HttpJson(Objects.requireNonNull(rest, "rest must not be null"));
    }

    /** The brisk-rest builder that serves the port's HTTP connections. */
    public BriskServer.Builder rest() {
        return rest;
    }
}
