package dev.brisk.rest.internal.observe;

import dev.brisk.http.ServerRequest;
import dev.brisk.http.common.Protocol;
import dev.brisk.transport.TraceContext;
import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapGetter;

import dev.brisk.rest.internal.protect.ClientAddresses;
import io.netty.util.NetUtil;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.context.Scope;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.List;

/**
 * Server spans through the OpenTelemetry API (the global instance): kind SERVER, HTTP semantic-convention attributes,
 * the parent taken from the request's W3C headers. Loaded only when {@code opentelemetry-api} is on the class path.
 */
final class OtelTracing {

    private static final AttributeKey<String> METHOD = AttributeKey.stringKey("http.request.method");
    private static final AttributeKey<String> PATH = AttributeKey.stringKey("url.path");
    private static final AttributeKey<String> QUERY = AttributeKey.stringKey("url.query");
    private static final AttributeKey<String> SCHEME = AttributeKey.stringKey("url.scheme");
    private static final AttributeKey<String> PROTOCOL = AttributeKey.stringKey("network.protocol.version");
    private static final AttributeKey<String> CLIENT = AttributeKey.stringKey("client.address");
    private static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");
    private static final AttributeKey<String> PEER = AttributeKey.stringKey("network.peer.address");
    private static final AttributeKey<String> USER_AGENT = AttributeKey.stringKey("user_agent.original");
    private static final AttributeKey<String> ROUTE = AttributeKey.stringKey("http.route");
    private static final AttributeKey<Long> STATUS = AttributeKey.longKey("http.response.status_code");

    private static final TextMapGetter<ServerRequest> HEADERS = new TextMapGetter<>() {
        @Override
        public Iterable<String> keys(ServerRequest request) {
            return List.of(TraceContext.TRACEPARENT, TraceContext.TRACESTATE);
        }

        @Override
        public String get(ServerRequest request, String key) {
            return request == null ? null : request.headers().get(key, null);
        }
    };

    /**
     * The tracer of the global instance, looked up again when the global changes: the global is read without
     * claiming it ({@code getOrNoop}), so an application may install its SDK after the server started.
     */
    private volatile TracerOf tracer = new TracerOf(null, null);
    /** Finds the client behind trusted proxies; null when the server trusts none (the peer is the client). */
    private final ClientAddresses clients;

    OtelTracing(ClientAddresses clients) {
        this.clients = clients;
    }

    private record TracerOf(OpenTelemetry owner, Tracer tracer) {
    }

    private Tracer tracer() {
        OpenTelemetry global = GlobalOpenTelemetry.getOrNoop();
        TracerOf current = tracer;
        if (current.owner() != global) {
            current = new TracerOf(global, global.getTracer("dev.brisk.rest"));
            tracer = current;
        }
        return current.tracer();
    }

    /** Starts the server span of {@code request}, continuing {@code parent} when the request brought one. */
    Started start(ServerRequest request, TraceContext parent) {
        Context parentContext = parent == null ? Context.root()
                : W3CTraceContextPropagator.getInstance().extract(Context.root(), request, HEADERS);
        String method = request.method().name();
        SpanBuilder builder = tracer().spanBuilder(method).setParent(parentContext).setSpanKind(SpanKind.SERVER)
                .setAttribute(METHOD, method)
                .setAttribute(PATH, request.path())
                .setAttribute(SCHEME, request.scheme())
                .setAttribute(PROTOCOL, request.protocol() == Protocol.HTTP_2 ? "2"
                        : request.protocol() == Protocol.HTTP_1_0 ? "1.0" : "1.1");
        if (!request.rawQuery().isEmpty()) {
            builder.setAttribute(QUERY, request.rawQuery());
        }
        // the client behind the trusted proxies, as the semantic conventions ask; the peer is network.peer.address
        SocketAddress client = clients == null ? request.remoteAddress() : clients.clientAddress(request);
        if (client instanceof InetSocketAddress inet && inet.getAddress() != null) {
            builder.setAttribute(CLIENT, NetUtil.toAddressString(inet.getAddress()));
        }
        if (clients != null && request.remoteAddress() instanceof InetSocketAddress peer && peer.getAddress() != null) {
            builder.setAttribute(PEER, NetUtil.toAddressString(peer.getAddress()));
        }
        String userAgent = request.headers().get("user-agent", null);
        if (userAgent != null) {
            builder.setAttribute(USER_AGENT, userAgent);
        }
        Span span = builder.startSpan();
        SpanContext context = span.getSpanContext();
        TraceContext trace = null;
        if (context.isValid() && (parent == null || !context.getSpanId().equals(parent.spanId()))) {
            trace = new TraceContext(context.getTraceId(), context.getSpanId(), context.getTraceFlags().asByte() & 0xff,
                    parent == null ? "" : parent.traceState());
        }
        return new Started(span, parentContext.with(span), trace, method);
    }

    /** A started server span, the context holding it, the trace context that mirrors it (null: none), its method. */
    record Started(Span span, Context context, TraceContext trace, String method) {

        TraceContext.Scope makeCurrent() {
            Scope scope = context.makeCurrent();
            return scope::close;
        }

        void end(int status, String routeTemplate, Throwable error) {
            span.setAttribute(STATUS, (long) status);
            if (routeTemplate != null) {
                span.setAttribute(ROUTE, routeTemplate);
                span.updateName(method + " " + routeTemplate);
            }
            if (status >= 500 || error != null) {
                span.setStatus(StatusCode.ERROR);
                // the HTTP semantic conventions: the exception's class, else the status that says it failed
                span.setAttribute(ERROR_TYPE, error != null ? error.getClass().getName() : Integer.toString(status));
            }
            if (error != null) {
                span.recordException(error);
            }
            span.end();
        }
    }
}
