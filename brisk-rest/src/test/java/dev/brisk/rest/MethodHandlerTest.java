package dev.brisk.rest;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Method;
import java.util.List;

import static dev.brisk.rest.RestTestSupport.get;
import static dev.brisk.rest.RestTestSupport.server;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Methods bound at startup to generated call sites, with per-parameter resolution plans, served over sockets. */
class MethodHandlerTest {

    /** A controller-like class, package-private, with methods of every shape. */
    static final class Calculator {
        int calls;

        public long add(int a, long b) {
            calls++;
            return a + b;
        }

        String greet(String name) {
            return "hello " + name;
        }

        public void touch(RequestContext ctx) {
            calls++;
            ctx.send("touched " + calls);
        }

        public String five(String a, String b, String c, String d, String e) {
            return a + b + c + d + e;
        }

        public static String shout(String text) {
            return text.toUpperCase();
        }

        public String fail() {
            throw new HttpStatusException(418, "teapot");
        }
    }

    private BriskServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private static Method method(String name, Class<?>... types) throws NoSuchMethodException {
        return Calculator.class.getDeclaredMethod(name, types);
    }

    private static ArgumentResolver path(String name) {
        return ctx -> ctx.pathParam(name);
    }

    @Test
    void everyMethodShapeIsServed() throws Exception {
        Calculator calculator = new Calculator();
        server = server()
                .get("/add/{a}/{b}", MethodHandler.of(calculator, method("add", int.class, long.class), List.of(
                        ctx -> Integer.parseInt(ctx.pathParam("a")), ctx -> Long.parseLong(ctx.pathParam("b")))))
                .get("/greet/{name}", MethodHandler.of(calculator, method("greet", String.class),
                        List.of(path("name"))))
                .get("/touch", MethodHandler.of(calculator, method("touch", RequestContext.class),
                        List.of(ctx -> ctx)))
                .get("/five", MethodHandler.of(calculator, method("five", String.class, String.class, String.class,
                        String.class, String.class), List.of(c -> "a", c -> "b", c -> "c", c -> "d", c -> "e")))
                .get("/shout/{text}", MethodHandler.of(null, method("shout", String.class), List.of(path("text"))))
                .get("/fail", MethodHandler.of(calculator, method("fail"), List.of()))
                .start();
        assertThat(get(server, "/add/2/40").body()).isEqualTo("42");
        assertThat(get(server, "/greet/ada").body()).isEqualTo("hello ada");
        assertThat(get(server, "/touch").body()).isEqualTo("touched 2");
        assertThat(get(server, "/five").body()).isEqualTo("abcde");
        assertThat(get(server, "/shout/hey").body()).isEqualTo("HEY");
        assertThat(get(server, "/fail").statusCode()).isEqualTo(418);
    }

    @Test
    void plansThatDoNotFitAreRejectedAtStartup() throws Exception {
        assertThatThrownBy(() -> MethodHandler.of(new Calculator(), method("greet", String.class), List.of()))
                .hasMessageContaining("has 1 parameters but 0 resolvers");
        assertThatThrownBy(() -> MethodHandler.of(null, method("greet", String.class), List.of(path("x"))))
                .hasMessageContaining("not static");
    }
}
