package dev.brisk.rest;

import dev.brisk.http.ServerResponse;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.net.http.HttpResponse;

import static dev.brisk.rest.RestTestSupport.get;
import static dev.brisk.rest.RestTestSupport.server;
import static org.assertj.core.api.Assertions.assertThat;

/** The hooks for interceptors: the handler method of a route, and replacing the response a context answers to. */
class RouteHooksTest {

    private BriskServer server;

    @AfterEach
    void close() {
        if (server != null) {
            server.close();
        }
    }

    @Retention(RetentionPolicy.RUNTIME)
    @interface Tag {
        String value();
    }

    /** A handler method carrying an annotation. */
    public static final class Handlers {
        @Tag("tagged")
        public void tagged(RequestContext ctx) {
            ctx.send("body");
        }
    }

    @Test
    void interceptorsReadTheAnnotationsOfTheHandlerMethod() throws Exception {
        Method method = Handlers.class.getMethod("tagged", RequestContext.class);
        RouteInterceptor tagging = new RouteInterceptor() {
            @Override
            public boolean appliesTo(RouteInfo route) {
                return route.handlerMethod().map(m -> m.isAnnotationPresent(Tag.class)).orElse(false);
            }

            @Override
            public boolean preHandle(RequestContext ctx) {
                ctx.header("x-tag", ctx.route().handlerMethod().orElseThrow().getAnnotation(Tag.class).value());
                return true;
            }
        };
        Handlers handlers = new Handlers();
        server = server().interceptor(tagging)
                .route(Route.get("/tagged").handlerMethod(method).handler(handlers::tagged))
                .get("/plain", ctx -> ctx.send("plain")).start();

        assertThat(get(server, "/tagged").headers().firstValue("x-tag")).hasValue("tagged");
        assertThat(get(server, "/plain").headers().firstValue("x-tag")).isEmpty();
        assertThat(server.routes().get(1).handlerMethod()).isEmpty();
    }

    @Test
    void aReplacedResponseReceivesTheStatusHeadersResultsAndErrors() throws Exception {
        HandlerInterceptor shouting = new HandlerInterceptor() {
            @Override
            public boolean preHandle(RequestContext ctx) {
                ServerResponse original = ctx.response();
                ServerResponse replaced = ctx.replaceResponse((ServerResponse) Proxy.newProxyInstance(
                        ServerResponse.class.getClassLoader(), new Class<?>[] {ServerResponse.class},
                        (proxy, m, args) -> {
                            if (m.getName().equals("send") && args != null && args[0] instanceof String text) {
                                original.send(text.toUpperCase());
                                return null;
                            }
                            return m.invoke(original, args);
                        }));
                assertThat(replaced).isSameAs(original);
                return true;
            }
        };
        server = server().interceptor(shouting)
                .get("/hello", ctx -> ctx.status(201).header("x-a", "b").send("hello"))
                .get("/fail", ctx -> {
                    throw new HttpStatusException(409, "taken");
                }).start();

        HttpResponse<String> hello = get(server, "/hello");
        assertThat(hello.statusCode()).isEqualTo(201);
        assertThat(hello.headers().firstValue("x-a")).hasValue("b");
        assertThat(hello.body()).isEqualTo("HELLO");
        HttpResponse<String> fail = get(server, "/fail");
        assertThat(fail.statusCode()).isEqualTo(409);
        assertThat(fail.body()).contains("taken");
    }
}
