package dev.brisk.rpc;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import java.util.Locale;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Filters wrap calls on both sides, in the order added, and may change arguments and results or answer themselves. */
class FilterTest {

    /** A small service. */
    @RpcService("greeter")
    public interface Greeter {

        String greet(String name);

        CompletableFuture<String> greetAsync(String name);
    }

    private static final Greeter IMPL = new Greeter() {
        @Override
        public String greet(String name) {
            return "hello " + name;
        }

        @Override
        public CompletableFuture<String> greetAsync(String name) {
            return CompletableFuture.completedFuture("hi " + name);
        }
    };

    @Test
    void filtersWrapCallsOnBothSides() throws Exception {
        List<String> seen = new CopyOnWriteArrayList<>();
        RpcFilter outer = invocation -> {
            seen.add("server-outer " + invocation.service() + "." + invocation.method().getName());
            return invocation.proceed();
        };
        RpcFilter upper = invocation -> {
            seen.add("server-inner");
            invocation.arguments()[0] = ((String) invocation.arguments()[0]).toUpperCase(Locale.ROOT);
            Object result = invocation.proceed();
            return result instanceof String text ? text + "!" : result;
        };
        RpcFilter refuse = invocation -> {
            seen.add("client");
            if ("nobody".equals(invocation.arguments()[0])) {
                throw new IllegalArgumentException("refused by the client filter");
            }
            return invocation.proceed();
        };
        try (RpcServer server = RpcServer.builder().host("127.0.0.1").filter(outer).filter(upper)
                .service(Greeter.class, IMPL).start();
             RpcClient client = RpcClient.builder().addresses("127.0.0.1:" + server.port()).filter(refuse).build()) {
            Greeter greeter = client.proxy(Greeter.class);
            assertThat(greeter.greet("ada")).isEqualTo("hello ADA!");
            assertThat(seen).containsExactly("client", "server-outer greeter.greet", "server-inner");

            assertThat(greeter.greetAsync("bob").get(10, TimeUnit.SECONDS)).isEqualTo("hi BOB");

            seen.clear();
            assertThatThrownBy(() -> greeter.greet("nobody")).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("refused by the client filter");
            assertThat(seen).containsExactly("client");
        }
    }

    @Test
    void aServerFilterMayAnswerItself() {
        RpcFilter deny = invocation -> {
            throw new SecurityException("denied " + invocation.method().getName());
        };
        try (RpcServer server = RpcServer.builder().host("127.0.0.1").filter(deny).service(Greeter.class, IMPL).start();
             RpcClient client = RpcClient.builder().addresses("127.0.0.1:" + server.port()).build()) {
            assertThatThrownBy(() -> client.proxy(Greeter.class).greet("x"))
                    .isExactlyInstanceOf(SecurityException.class).hasMessage("denied greet");
        }
    }
}
