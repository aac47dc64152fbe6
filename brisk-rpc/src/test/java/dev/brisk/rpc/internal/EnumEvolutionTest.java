package dev.brisk.rpc.internal;

import dev.brisk.rpc.UnknownEnumConstants;
import dev.brisk.rpc.spi.AllowedTypes;
import dev.brisk.rpc.spi.Serializer;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.lang.reflect.RecordComponent;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A provider of a newer release sends an enum constant its consumer's older enum lacks: the consumer reads it as the
 * enum's {@code @EnumFallback} constant, else as its option says ({@code null}, or a failure), with Fory and with Kryo.
 * Two versions of the same classes live in two class loaders, as they would in two processes.
 */
class EnumEvolutionTest {

    private static final Map<String, Function<ClassLoader, Serializer>> SERIALIZERS = Map.of(
            "fory", ForySerializer::new,
            "kryo", KryoSerializer::new);

    @TempDir
    static Path dir;
    private static ClassLoader v1;
    private static ClassLoader v2;

    @BeforeAll
    static void compileTwoVersions() throws Exception {
        String account = "package evo; public record Account(long id, Status status, Level level, java.util.List<Level>"
                + " history) {}";
        v1 = compile("v1", Map.of(
                "Status", "package evo; public enum Status { ACTIVE, BLOCKED }",
                "Level", "package evo; public enum Level { BASIC, @dev.brisk.rpc.EnumFallback OTHER, GOLD }",
                "Account", account));
        v2 = compile("v2", Map.of(
                "Status", "package evo; public enum Status { ACTIVE, BLOCKED, SUSPENDED }",
                "Level", "package evo; public enum Level { BASIC, @dev.brisk.rpc.EnumFallback OTHER, GOLD, PLATINUM }",
                "Account", account));
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
        return new URLClassLoader(new URL[] {out.toUri().toURL()}, EnumEvolutionTest.class.getClassLoader());
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object constant(ClassLoader loader, String type, String name) throws Exception {
        return Enum.valueOf((Class) loader.loadClass("evo." + type), name);
    }

    private static Object account(ClassLoader loader, String status, String level, String... history)
            throws Exception {
        Class<?> type = loader.loadClass("evo.Account");
        List<Object> levels = new ArrayList<>();
        for (String name : history) {
            levels.add(constant(loader, "Level", name));
        }
        return type.getDeclaredConstructors()[0].newInstance(7L, constant(loader, "Status", status),
                constant(loader, "Level", level), levels);
    }

    private static Object component(Object record, String name) throws Exception {
        for (RecordComponent component : record.getClass().getRecordComponents()) {
            if (component.getName().equals(name)) {
                return component.getAccessor().invoke(record);
            }
        }
        throw new AssertionError("no component " + name);
    }

    /** Writes {@code value} with a v2 serializer, reads it with a v1 one whose rule is {@code rule}. */
    private static Object transfer(String serializer, Object value, UnknownEnumConstants rule) {
        ByteBuf buffer = Unpooled.buffer();
        try {
            AllowedTypes evolving = AllowedTypes.of(Set.of(), Set.of(), Set.of("evo"));
            Serializer writer = SERIALIZERS.get(serializer).apply(v2);
            writer.prepare(evolving);
            writer.write(buffer, value);
            Serializer reader = SERIALIZERS.get(serializer).apply(v1);
            ((EnumTolerant) reader).unknownEnumConstants(rule);
            reader.prepare(evolving);
            return reader.read(buffer, Object.class);
        } finally {
            buffer.release();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"fory", "kryo"})
    @SuppressWarnings("unchecked")
    void constantsBothVersionsKnowReadAsThemselves(String serializer) throws Exception {
        Object read = transfer(serializer, account(v2, "BLOCKED", "GOLD", "BASIC", "GOLD"),
                UnknownEnumConstants.FAIL);
        assertThat(read.getClass().getClassLoader()).isSameAs(v1);
        assertThat(component(read, "status")).isSameAs(constant(v1, "Status", "BLOCKED"));
        assertThat(component(read, "level")).isSameAs(constant(v1, "Level", "GOLD"));
        assertThat((List<Object>) component(read, "history"))
                .containsExactly(constant(v1, "Level", "BASIC"), constant(v1, "Level", "GOLD"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"fory", "kryo"})
    void anUnknownConstantFailsTheReadByDefault(String serializer) throws Exception {
        Object suspended = account(v2, "SUSPENDED", "GOLD");
        assertThatThrownBy(() -> transfer(serializer, suspended, UnknownEnumConstants.FAIL))
                .hasStackTraceContaining("evo.Status has no constant")
                .hasStackTraceContaining("@EnumFallback");
        assertThatThrownBy(() -> transfer(serializer, constant(v2, "Status", "SUSPENDED"), UnknownEnumConstants.FAIL))
                .hasStackTraceContaining("evo.Status has no constant");
    }

    @ParameterizedTest
    @ValueSource(strings = {"fory", "kryo"})
    void anUnknownConstantReadsAsNullWhenTheOptionSaysSo(String serializer) throws Exception {
        Object read = transfer(serializer, account(v2, "SUSPENDED", "GOLD"), UnknownEnumConstants.NULL);
        assertThat(component(read, "status")).isNull();
        assertThat(component(read, "level")).isSameAs(constant(v1, "Level", "GOLD"));
        assertThat(transfer(serializer, constant(v2, "Status", "SUSPENDED"), UnknownEnumConstants.NULL)).isNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {"fory", "kryo"})
    @SuppressWarnings("unchecked")
    void anUnknownConstantReadsAsTheMarkedFallbackWhateverTheOption(String serializer) throws Exception {
        Object other = constant(v1, "Level", "OTHER");
        for (UnknownEnumConstants rule : UnknownEnumConstants.values()) {
            Object read = transfer(serializer, account(v2, "ACTIVE", "PLATINUM", "GOLD", "PLATINUM"), rule);
            assertThat(component(read, "level")).isSameAs(other);
            assertThat((List<Object>) component(read, "history")).containsExactly(constant(v1, "Level", "GOLD"), other);
            assertThat(transfer(serializer, constant(v2, "Level", "PLATINUM"), rule)).isSameAs(other);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"fory", "kryo"})
    void anEnumMarkingTwoFallbacksIsRefusedAtStartup(String serializer) throws Exception {
        ClassLoader twice = compile("twice-" + serializer, Map.of(
                "Twice", "package evo; public enum Twice { A, @dev.brisk.rpc.EnumFallback B,"
                        + " @dev.brisk.rpc.EnumFallback C }"));
        Serializer reader = SERIALIZERS.get(serializer).apply(twice);
        Class<?> type = twice.loadClass("evo.Twice");
        assertThatThrownBy(() -> reader.prepare(AllowedTypes.of(Set.of(type), Set.of(), Set.of())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("marks both B and C with @EnumFallback");
    }
}
