package dev.brisk.rpc.internal.http;

import dev.brisk.rpc.http.HttpJson;
import dev.brisk.rpc.http.HttpProblem;
import dev.brisk.rpc.http.OperatorRoutes;
import dev.brisk.rpc.internal.ServerRuntime;
import dev.brisk.rpc.internal.ServerContext;
import dev.brisk.rpc.internal.SharedProtocol;

import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Makes the HTTP/JSON endpoint, failing with what to add when brisk-rest is not on the class path. Apart from
 * {@link HttpJsonEndpoint} because it must load without brisk-rest's classes to say so.
 */
public final class HttpJsonEndpoints {

    private HttpJsonEndpoints() {
    }

    /**
     * The HTTP/JSON endpoint of {@code context}'s services, through {@code httpJson}'s builder or a plain one when
     * {@code httpJson} is null, answering failures as {@code problems} says before the defaults; with the
     * {@code operator} routes when not null, acting on the server {@code server} gives once it runs.
     */
    public static SharedProtocol create(ServerContext context, HttpJson httpJson,
                                        Function<? super Throwable, HttpProblem> problems, OperatorRoutes operator,
                                        Supplier<ServerRuntime> server) {
        try {
            Class.forName("dev.brisk.rest.BriskServer", false, HttpJsonEndpoints.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            throw new IllegalStateException("http(true) serves the services over HTTP with brisk-rest: add the"
                    + " dependency dev.brisk:brisk-rest", e);
        }
        return HttpJsonEndpoint.create(context, httpJson, problems, operator, server);
    }
}
