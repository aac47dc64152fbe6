package dev.brisk.test;

import dev.brisk.rest.BriskServer;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

import java.util.Objects;
import java.util.function.Supplier;

/**
 * Starts a real server on an ephemeral port before the tests of a class and stops it after them; injects a
 * {@link TestClient} that talks to it over a socket, and the {@link BriskServer} itself, into test methods.
 *
 * <pre>{@code
 * @RegisterExtension
 * static BriskServerExtension server = BriskServerExtension.of(() -> Brisk.server().get("/x", ctx -> ctx.send("y")));
 *
 * @Test void serves(TestClient client) { assertThat(client.get("/x").execute().body()).isEqualTo("y"); }
 * }</pre>
 */
public final class BriskServerExtension implements BeforeAllCallback, AfterAllCallback, ParameterResolver {

    private final Supplier<BriskServer.Builder> builder;
    private BriskServer server;

    private BriskServerExtension(Supplier<BriskServer.Builder> builder) {
        this.builder = builder;
    }

    /** An extension serving what {@code builder} configures (its port is replaced by an ephemeral one). */
    public static BriskServerExtension of(Supplier<BriskServer.Builder> builder) {
        return new BriskServerExtension(Objects.requireNonNull(builder, "builder"));
    }

    /** The running server. */
    public BriskServer server() {
        if (server == null) {
            throw new IllegalStateException("the server starts before the first test of the class");
        }
        return server;
    }

    /** A socket client for the running server. */
    public TestClient client() {
        return BriskTest.http(server());
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        server = builder.get().port(0).host("127.0.0.1").start();
    }

    @Override
    public void afterAll(ExtensionContext context) {
        if (server != null) {
            server.close();
            server = null;
        }
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        Class<?> type = parameter.getParameter().getType();
        return type == TestClient.class || type == BriskServer.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == BriskServer.class ? server() : client();
    }
}
