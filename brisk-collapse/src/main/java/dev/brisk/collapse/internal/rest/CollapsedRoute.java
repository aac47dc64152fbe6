package dev.brisk.collapse.internal.rest;

import dev.brisk.collapse.CollapseException;
import dev.brisk.collapse.CollapseRejectedException;
import dev.brisk.collapse.CollapseTimeoutException;
import dev.brisk.collapse.HttpCollapseOptions;
import dev.brisk.collapse.SingleFlight;
import dev.brisk.collapse.internal.http.KeyHeaders;
import dev.brisk.collapse.internal.http.RequestKey;
import dev.brisk.collapse.rest.Collapse;
import dev.brisk.http.ServerRequest;
import dev.brisk.http.ServerResponse;
import dev.brisk.rest.RequestContext;
import dev.brisk.rest.RouteInfo;
import dev.brisk.rest.support.Problems;

import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicBoolean;

/** One collapsed route: its key headers, and how its requests lead or join a shared handler run. */
public final class CollapsedRoute {

    private static final System.Logger LOG = System.getLogger("dev.brisk.collapse");

    private final RouteInfo route;
    private final KeyHeaders keyHeaders;
    private final int maxResponseSize;
    private final AtomicBoolean warnedAboutCookies = new AtomicBoolean();

    private CollapsedRoute(RouteInfo route, KeyHeaders keyHeaders, int maxResponseSize) {
        this.route = route;
        this.keyHeaders = keyHeaders;
        this.maxResponseSize = maxResponseSize;
    }

    public static CollapsedRoute of(RouteInfo route, HttpCollapseOptions options, List<String> extraHeaders) {
        List<String> headers = new ArrayList<>(options.keyHeaders());
        for (String name : extraHeaders) {
            String lower = name.toLowerCase(Locale.ROOT);
            if (!headers.contains(lower)) {
                headers.add(lower);
            }
        }
        return new CollapsedRoute(route, KeyHeaders.of(headers), options.maxResponseSize());
    }

    /** The extra key headers of {@link Collapse} on the route's method or its class; null when it has none. */
    public static List<String> annotatedKeyHeaders(RouteInfo route) {
        Method method = route.handlerMethod().orElse(null);
        if (method == null) {
            return null;
        }
        Collapse collapse = find(method);
        return collapse == null ? null : List.of(collapse.keyHeaders());
    }

    private static Collapse find(Method method) {
        Collapse found = method.getAnnotation(Collapse.class);
        if (found != null) {
            return found;
        }
        for (Class<?> type = method.getDeclaringClass(); type != null && type != Object.class;
             type = type.getSuperclass()) {
            found = onSameMethod(type, method);
            if (found == null) {
                for (Class<?> contract : type.getInterfaces()) {
                    found = onSameMethod(contract, method);
                    if (found != null) {
                        break;
                    }
                }
            }
            if (found == null) {
                found = type.getAnnotation(Collapse.class);
            }
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    private static Collapse onSameMethod(Class<?> type, Method method) {
        try {
            return type.getDeclaredMethod(method.getName(), method.getParameterTypes()).getAnnotation(Collapse.class);
        } catch (NoSuchMethodException e) {
            return null;
        }
    }

    /** Whether a request may share a handler run: no body. */
    public static boolean collapsible(ServerRequest request) {
        return request.contentLength() <= 0 && !request.headers().contains("transfer-encoding");
    }

    /**
     * Leads or joins the shared run of this request's key. The leader's handler runs (true) into a recording
     * response; a follower's does not (false). Both are answered from the recording once it is complete.
     */
    public boolean handle(RequestContext ctx, SingleFlight<RequestKey, Recorded> flight) {
        ServerRequest request = ctx.request();
        String host = request.headers().get("host", "");
        int colon = host.lastIndexOf(':');
        int port = RequestKey.defaultPort(request.scheme());
        if (colon > 0 && colon > host.lastIndexOf(']')) {
            try {
                port = Integer.parseInt(host.substring(colon + 1));
            } catch (NumberFormatException e) {
                port = -1;
            }
            host = host.substring(0, colon);
        }
        RequestKey key = RequestKey.of(request.method().name(), request.scheme(), host, port, request.rawPath(),
                request.rawQuery(), request.headers()::forEach, keyHeaders);
        RecordingResponse[] recorder = new RecordingResponse[1];
        CompletableFuture<Recorded> shared;
        try {
            shared = flight.execute(key, () -> {
                recorder[0] = new RecordingResponse(maxResponseSize);
                return recorder[0].recorded();
            });
        } catch (RuntimeException e) {
            shared = CompletableFuture.failedFuture(e);
        }
        boolean leader = recorder[0] != null;
        ServerResponse own = leader ? ctx.replaceResponse(recorder[0]) : ctx.response();
        if (!leader) {
            ctx.async();
        }
        String path = request.path();
        shared.whenComplete((recorded, failure) -> answer(own, path, leader, recorded, failure));
        return leader;
    }

    private void answer(ServerResponse own, String path, boolean leader, Recorded recorded, Throwable failure) {
        try {
            if (failure != null) {
                Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                        ? failure.getCause() : failure;
                if (cause instanceof CollapseTimeoutException || cause instanceof CollapseRejectedException) {
                    problem(own, 503, "1", cause.getMessage(), path);
                } else {
                    LOG.log(System.Logger.Level.WARNING, "collapsed route " + route + " failed: " + cause, cause);
                    problem(own, 500, null, cause instanceof CollapseException ? cause.getMessage() : null, path);
                }
            } else if (!leader && !recorded.shareable()) {
                if (warnedAboutCookies.compareAndSet(false, true)) {
                    LOG.log(System.Logger.Level.WARNING, "collapsed route " + route + " sets cookies: its response "
                            + "went to one request only and the others were answered 503; do not collapse it");
                }
                problem(own, 503, "0", "the shared response set a cookie for another client; try again", path);
            } else {
                recorded.writeTo(own);
            }
        } catch (Throwable t) {
            LOG.log(System.Logger.Level.WARNING, "answering a collapsed request of " + route + " failed: " + t, t);
        }
    }

    private static void problem(ServerResponse response, int status, String retryAfter, String detail, String path) {
        if (response.isCommitted()) {
            return;
        }
        response.headers().clear();
        response.status(status);
        response.header("content-type", "application/problem+json");
        if (retryAfter != null) {
            response.header("retry-after", retryAfter);
        }
        response.send(Problems.json(status, detail, path, List.of()).toString()
                .getBytes(StandardCharsets.UTF_8));
    }
}
