package dev.brisk.spring.boot.internal;

import dev.brisk.codec.BodyCodec;
import dev.brisk.codec.Codecs;
import dev.brisk.codec.JacksonJsonCodec;
import dev.brisk.http.Http2Options;
import dev.brisk.http.HttpLimits;
import dev.brisk.http.HttpServer;
import dev.brisk.http.ServerOptions;
import dev.brisk.rest.Brisk;
import dev.brisk.rest.BriskOptions;
import dev.brisk.rest.BriskServer;
import dev.brisk.rest.Filter;
import dev.brisk.rest.HandlerInterceptor;
import dev.brisk.rest.InterceptorRegistration;
import dev.brisk.rest.Route;
import dev.brisk.spring.boot.BriskProperties;
import dev.brisk.spring.boot.BriskScheduler;
import dev.brisk.spring.boot.BriskServerCustomizer;
import dev.brisk.spring.boot.BriskWebServerFactory;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.web.server.Ssl;
import org.springframework.context.ApplicationContext;
import tools.jackson.databind.json.JsonMapper;

import dev.brisk.rest.ExceptionHandler;
import java.net.InetAddress;
import java.util.List;

/**
 * Builds the Brisk server of an application context: {@code server.*} and {@code brisk.*} settings from the factory,
 * then the context's own beans (controllers, advice, filters, interceptors, exception handlers, schedulers, codecs,
 * routes), then the {@link BriskServerCustomizer}s.
 */
public final class ServerAssembly {

    private ServerAssembly() {
    }

    public static BriskServer.Builder assemble(BriskWebServerFactory factory, ApplicationContext context) {
        BriskServer.Builder server = Brisk.server().port(factory.getPort());
        InetAddress address = factory.getAddress();
        if (address != null) {
            server.host(address.getHostAddress());
        }
        // Spring's own shutdown hook closes the context, and the context the server (gracefully, as configured)
        server.http(http -> configureHttp(http.shutdownHook(false), factory, context));
        server.options(options(factory));
        Codecs codecs = codecs(context);
        server.codecs(codecs);
        ContextBeans beans = new ContextBeans(context);
        for (BriskScheduler scheduler : beans.ordered(BriskScheduler.class)) {
            server.scheduler(scheduler.name(), scheduler.executor());
        }
        List<Object> controllers = beans.controllers();
        CodecCheck.verify(controllers, codecs);
        controllers.forEach(server::controllers);
        beans.ordered(Route.class).forEach(server::route);
        beans.ordered(Filter.class).forEach(server::filter);
        Binder binder = Binder.get(context.getEnvironment());
        if (MultipartSettings.enabled(binder)) {
            server.web(w -> w.multipart(MultipartSettings.options(binder, factory.getBrisk().getMultipart())));
        } else {
            server.filter(new MultipartRefusal()); // after the application's filters: theirs answer first (401...)
        }
        for (Object interceptor : beans.interceptors()) {
            if (interceptor instanceof InterceptorRegistration registration) {
                server.interceptor(registration);
            } else {
                server.interceptor((HandlerInterceptor) interceptor);
            }
        }
        beans.exceptionHandlers().forEach((type, handler) -> register(server, type, handler));
        beans.ordered(BriskServerCustomizer.class).forEach(customizer -> customizer.customize(server));
        return server;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void register(BriskServer.Builder server, Class<? extends Throwable> type,
                                 ExceptionHandler<?> handler) {
        server.exceptionHandler((Class) type, (ExceptionHandler) handler);
    }

    private static BriskOptions options(BriskWebServerFactory factory) {
        BriskProperties brisk = factory.getBrisk();
        BriskOptions.Builder options = BriskOptions.builder();
        String contextPath = factory.getContextPath();
        if (contextPath != null && !contextPath.isEmpty() && !contextPath.equals("/")) {
            options.contextPath(contextPath.endsWith("/")
                    ? contextPath.substring(0, contextPath.length() - 1) : contextPath);
        }
        if (brisk.getDefaultScheduler() != null) {
            options.defaultScheduler(brisk.getDefaultScheduler());
        }
        if (brisk.getControllerScheduler() != null) {
            options.controllerScheduler(brisk.getControllerScheduler());
        }
        BriskProperties.Worker worker = brisk.getWorker();
        if (worker.getThreads() != null) {
            options.workerThreads(worker.getThreads());
        }
        if (worker.getQueueSize() != null) {
            options.workerQueueSize(worker.getQueueSize());
        }
        if (worker.getMaxQueueTime() != null) {
            options.maxQueueTime(worker.getMaxQueueTime());
        }
        if (brisk.getVirtual().getMaxConcurrency() != null) {
            options.virtualMaxConcurrency(brisk.getVirtual().getMaxConcurrency());
        }
        if (brisk.getFormatParameter() != null) {
            options.formatParameter(brisk.getFormatParameter());
        }
        if (brisk.getSseMaxPending() != null) {
            options.sseMaxPending(brisk.getSseMaxPending().toBytes());
        }
        return options.build();
    }

    /** The codecs: a {@link Codecs} bean as it is, else the {@link BodyCodec} beans ahead of the built-in ones, with
     *  JSON written by the application's {@link JsonMapper} (the one {@code spring.jackson.*} configures). */
    private static Codecs codecs(ApplicationContext context) {
        Codecs own = context.getBeanProvider(Codecs.class).getIfUnique();
        if (own != null) {
            return own;
        }
        Codecs.Builder codecs = Codecs.builder();
        context.getBeanProvider(BodyCodec.class).orderedStream().forEach(codecs::add);
        JsonMapper mapper = context.getBeanProvider(JsonMapper.class).getIfUnique();
        if (mapper != null) {
            codecs.json(new JacksonJsonCodec(mapper));
        }
        return codecs.build();
    }

    private static void configureHttp(HttpServer.Builder http, BriskWebServerFactory factory,
                                      ApplicationContext context) {
        BriskProperties brisk = factory.getBrisk();
        http.options(o -> {
            if (brisk.getIoThreads() != null) {
                o.ioThreads(brisk.getIoThreads());
            }
            o.transport(brisk.getTransport());
            if (brisk.getBacklog() != null) {
                o.backlog(brisk.getBacklog());
            }
            if (brisk.getMaxConnections() != null) {
                o.maxConnections(brisk.getMaxConnections());
            }
            if (brisk.getMaxKeepAliveRequests() != null) {
                o.maxKeepAliveRequests(brisk.getMaxKeepAliveRequests());
            }
            if (brisk.getIdleTimeout() != null) {
                o.idleTimeout(brisk.getIdleTimeout());
            }
            if (brisk.getShutdownDelay() != null) {
                o.shutdownDelay(brisk.getShutdownDelay());
            }
            if (brisk.getHeaderReadTimeout() != null) {
                o.headerReadTimeout(brisk.getHeaderReadTimeout());
            }
            if (brisk.getBodyReadTimeout() != null) {
                o.bodyReadTimeout(brisk.getBodyReadTimeout());
            }
            if (brisk.getWriteTimeout() != null) {
                o.writeTimeout(brisk.getWriteTimeout());
            }
            if (brisk.getHandshakeTimeout() != null) {
                o.handshakeTimeout(brisk.getHandshakeTimeout());
            }
            if (brisk.getMinBodyDataRate() != null) {
                o.minBodyDataRate(brisk.getMinBodyDataRate());
            }
            ServerOptions current = o.build();
            o.limits(limits(current.limits(), factory));
            o.http2(http2(current.http2(), factory));
            if (factory.getServerHeader() != null && !factory.getServerHeader().isEmpty()) {
                o.serverHeader(factory.getServerHeader());
            }
            o.shutdownTimeout(factory.getShutdownTimeout());
        });
        Ssl ssl = factory.getSsl();
        if (Ssl.isEnabled(ssl)) {
            http.tls(TlsSettings.of(ssl, factory.getSslBundles()));
        }
    }

    private static HttpLimits limits(HttpLimits defaults, BriskWebServerFactory factory) {
        BriskProperties.Limits brisk = factory.getBrisk().getLimits();
        HttpLimits.Builder limits = defaults.toBuilder();
        if (factory.getMaxRequestHeaderSize() != null) {
            limits.maxHeaderSize(Math.toIntExact(factory.getMaxRequestHeaderSize().toBytes()));
        }
        if (brisk.getMaxInitialLineLength() != null) {
            limits.maxInitialLineLength(brisk.getMaxInitialLineLength());
        }
        if (brisk.getMaxBodySize() != null) {
            limits.maxBodySize(brisk.getMaxBodySize().toBytes());
        }
        if (brisk.getMaxPipelinedRequests() != null) {
            limits.maxPipelinedRequests(brisk.getMaxPipelinedRequests());
        }
        if (brisk.getMaxConnectionBuffer() != null) {
            limits.maxConnectionBuffer(brisk.getMaxConnectionBuffer().toBytes());
        }
        return limits.build();
    }

    /** {@code server.http2.enabled} switches HTTP/2 on or off when set; unset keeps Brisk's default (on). */
    private static Http2Options http2(Http2Options http2, BriskWebServerFactory factory) {
        if (factory.getHttp2() != null) {
            http2 = factory.getHttp2().isEnabled() ? Http2Options.DEFAULT : Http2Options.DISABLED;
        }
        BriskProperties.Http2 brisk = factory.getBrisk().getHttp2();
        if (!http2.enabled()) {
            return http2;
        }
        Http2Options.Builder options = http2.toBuilder();
        if (brisk.getCleartext() != null) {
            options.cleartext(brisk.getCleartext());
        }
        if (brisk.getMaxConcurrentStreams() != null) {
            options.maxConcurrentStreams(brisk.getMaxConcurrentStreams());
        }
        if (brisk.getInitialWindowSize() != null) {
            options.initialWindowSize(brisk.getInitialWindowSize());
        }
        if (brisk.getMaxFrameSize() != null) {
            options.maxFrameSize(brisk.getMaxFrameSize());
        }
        return options.build();
    }
}
