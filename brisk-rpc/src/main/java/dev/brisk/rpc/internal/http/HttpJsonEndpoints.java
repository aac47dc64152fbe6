package dev.brisk.rpc.internal.http;

import dev.brisk.rpc.http.HttpJson;
import dev.brisk.rpc.http.HttpProblem;
import dev.brisk.rpc.internal.ServerContext;
import dev.brisk.rpc.internal.SharedProtocol;

import java.util.function.Function;

/**
 * Makes the HTTP/JSON endpoint, failing with what to add when brisk-rest is not on the class path. Apart from
 * {@link HttpJsonEndpoint} because it must load without brisk-rest's classes to say so.
 */
public final class HttpJsonEndpoints {

    private HttpJsonEndpoints() {
    }

    /**
     * The HTTP/JSON endpoint of {@code context}'s services, through {@code httpJson}'s builder or a plain one when
     * {@code httpJson} is null, answering failures as {@code problems} says before the defaults.
     */
    public static SharedProtocol create(ServerContext context, HttpJson httpJson,
                                        Function<? super Throwable, HttpProblem> problems) {
        try {
            Class.forName("dev.brisk.rest.BriskServer", false, HttpJsonEndpoints.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            throw new IllegalStateException("http(true) serves the services over HTTP with brisk-rest: add the"
                    + " dependency dev.brisk:brisk-rest", e);
        }
        return HttpJsonEndpoint.create(context, httpJson, problems);
    }
}
