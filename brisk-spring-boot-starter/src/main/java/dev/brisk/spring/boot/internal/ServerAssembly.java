package dev.brisk.spring.boot.internal;

import dev.brisk.codec.BodyCodec;
import dev.brisk.codec.Codecs;
import dev.brisk.codec.JacksonJsonCodec;
import dev.brisk.http.Http2Options;
import dev.brisk.http.HttpServer;
import dev.brisk.rest.Brisk;
import dev.brisk.rest.BriskOptions;
import dev.brisk.rest.BriskServer;
import dev.brisk.rest.Filter;
import dev.brisk.rest.HandlerInterceptor;
import dev.brisk.rest.InterceptorRegistration;
import dev.brisk.rest.Route;
import dev.brisk.spring.boot.BriskScheduler;
import dev.brisk.spring.boot.BriskServerCustomizer;
import dev.brisk.spring.boot.BriskWebServerFactory;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.web.server.Ssl;
import org.springframework.context.ApplicationContext;
import org.springframework.core.env.ConfigurableEnvironment;
import tools.jackson.databind.json.JsonMapper;

import dev.brisk.rest.ExceptionHandler;
import java.net.InetAddress;
import java.util.List;

/**
 * Builds the Brisk server of an application context: {@code server.*} settings from the factory, {@code brisk.*}
 * bound onto the options builders ({@link ServerSettings}, after {@link PropertyNameCheck}), then the context's own
 * beans (controllers, advice, filters, interceptors, exception handlers, schedulers, codecs, routes), then the
 * {@link BriskServerCustomizer}s.
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
        Binder binder = Binder.get(context.getEnvironment());
        if (context.getEnvironment() instanceof ConfigurableEnvironment environment) {
            PropertyNameCheck.verify(environment, context.getClassLoader() != null ? context.getClassLoader()
                    : ServerAssembly.class.getClassLoader());
        }
        // Spring's own shutdown hook closes the context, and the context the server (gracefully, as configured)
        server.http(http -> configureHttp(http.shutdownHook(false), factory, binder));
        server.options(options(factory, binder));
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

    private static BriskOptions options(BriskWebServerFactory factory, Binder binder) {
        BriskOptions.Builder options = BriskOptions.builder();
        String contextPath = factory.routePrefix();
        if (!contextPath.isEmpty()) {
            options.contextPath(contextPath);
        }
        return ServerSettings.framework(binder, options);
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

    private static void configureHttp(HttpServer.Builder http, BriskWebServerFactory factory, Binder binder) {
        http.options(o -> {
            ServerSettings.bindHttp(binder, o);
            if (factory.getMaxRequestHeaderSize() != null) {
                o.limits(l -> l.maxHeaderSize(Math.toIntExact(factory.getMaxRequestHeaderSize().toBytes())));
            }
            if (factory.getHttp2() != null) {
                // server.http2.enabled switches HTTP/2 on or off when set; unset keeps Brisk's default (on)
                if (factory.getHttp2().isEnabled()) {
                    o.http2(h -> h.enabled(true));
                } else {
                    o.http2(Http2Options.DISABLED);
                }
            }
            if (factory.getServerHeader() != null && !factory.getServerHeader().isEmpty()) {
                o.serverHeader(factory.getServerHeader());
            }
            o.shutdownTimeout(factory.getShutdownTimeout());
            ServerSettings.checkHttp(o);
        });
        Ssl ssl = factory.getSsl();
        if (Ssl.isEnabled(ssl)) {
            http.tls(TlsSettings.of(ssl, factory.getSslBundles()));
        }
    }
}
