package dev.brisk.rpc;

import dev.brisk.rpc.internal.ForySerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A provider whose enums gained a constant answers it to a consumer of the previous release through a real
 * connection: the consumer reads the enum's {@code @EnumFallback} constant, else what its
 * {@code unknownEnumConstants} option says. The two releases live in two class loaders.
 */
class EnumVersionsTest {

    @TempDir
    static Path dir;
    private static ClassLoader v1;
    private static RpcServer provider;

    @BeforeAll
    static void startTheNewerProvider() throws Exception {
        String service = "package evo; public interface Accounts { Status status(String name); Level level(String name);"
                + " }";
        v1 = compile("v1", Map.of(
                "Status", "package evo; public enum Status { ACTIVE, BLOCKED }",
                "Level", "package evo; public enum Level { BASIC, @dev.brisk.rpc.EnumFallback OTHER, GOLD }",
                "Accounts", service));
        ClassLoader v2 = compile("v2", Map.of(
                "Status", "package evo; public enum Status { ACTIVE, BLOCKED, SUSPENDED }",
                "Level", "package evo; public enum Level { BASIC, @dev.brisk.rpc.EnumFallback OTHER, GOLD, PLATINUM }",
                "Accounts", service));
        provider = start(v2);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static RpcServer start(ClassLoader v2) throws Exception {
        Class<Object> accounts = (Class<Object>) v2.loadClass("evo.Accounts");
        // answers the constant its argument names: the v2 enums know SUSPENDED and PLATINUM
        Object implementation = Proxy.newProxyInstance(v2, new Class<?>[] {accounts}, (proxy, method, arguments) ->
                Enum.valueOf((Class) method.getReturnType(), (String) arguments[0]));
        return RpcServer.builder().host("127.0.0.1").serializer(new ForySerializer(v2))
                .service(accounts, implementation).start();
    }

    @AfterAll
    static void stop() {
        provider.close();
    }

    private static ClassLoader compile(String version, Map<String, String> sources) throws Exception {
        Path out = dir.resolve(version + "-classes");
        Files.createDirectories(out);
        List<String> arguments = new ArrayList<>(List.of("--release", "17", "-cp",
                System.getProperty("java.class.path"), "-d", out.toString()));
        for (Map.Entry<String, String> source : sources.entrySet()) {
            Path file = dir.resolve(version + "-src/evo/" + source.getKey() + ".java");
            Files.createDirectories(file.getParent());
            Files.writeString(file, source.getValue());
            arguments.add(file.toString());
        }
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        assertThat(compiler.run(null, null, null, arguments.toArray(String[]::new))).as("compiling " + version)
                .isZero();
        return new URLClassLoader(new URL[] {out.toUri().toURL()}, EnumVersionsTest.class.getClassLoader());
    }

    /** Calls {@code method(name)} through a v1 consumer whose rule is {@code rule}. */
    private static Object call(UnknownEnumConstants rule, String method, String name) throws Throwable {
        Class<?> accounts = v1.loadClass("evo.Accounts");
        try (RpcClient consumer = RpcClient.builder().addresses("127.0.0.1:" + provider.port())
                .serializer(new ForySerializer(v1)).options(o -> o.unknownEnumConstants(rule)).build()) {
            Object proxy = consumer.proxy(accounts);
            Method called = accounts.getMethod(method, String.class);
            try {
                return called.invoke(proxy, name);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object constant(String type, String name) throws Exception {
        return Enum.valueOf((Class) v1.loadClass("evo." + type), name);
    }

    @Test
    void constantsBothReleasesKnowArriveAsThemselves() throws Throwable {
        assertThat(call(UnknownEnumConstants.FAIL, "status", "BLOCKED")).isSameAs(constant("Status", "BLOCKED"));
        assertThat(call(UnknownEnumConstants.FAIL, "level", "GOLD")).isSameAs(constant("Level", "GOLD"));
    }

    @Test
    void aNewConstantFailsTheCallByDefault() {
        assertThatThrownBy(() -> call(UnknownEnumConstants.FAIL, "status", "SUSPENDED"))
                .isInstanceOf(RpcException.class)
                .hasMessageContaining("cannot read the result")
                .hasStackTraceContaining("evo.Status has no constant");
    }

    @Test
    void aNewConstantArrivesAsNullWhenTheConsumerChoosesIt() throws Throwable {
        assertThat(call(UnknownEnumConstants.NULL, "status", "SUSPENDED")).isNull();
    }

    @Test
    void aNewConstantArrivesAsTheMarkedFallback() throws Throwable {
        assertThat(call(UnknownEnumConstants.FAIL, "level", "PLATINUM")).isSameAs(constant("Level", "OTHER"));
    }
}
