package dev.brisk.rest.support;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

import static org.assertj.core.api.Assertions.assertThat;

/** Parameter names read from class files compiled with and without {@code -parameters}. */
class ParameterNamesTest {

    private static final String SOURCE = """
            package sample;
            public class Greeter {
                public String greet(long id, String name, double[] weights, double ratio, int count) {
                    String local = name + id;
                    return local;
                }
                public static String shout(java.util.List<String> words, long times) {
                    return words.toString();
                }
            }
            """;

    @Test
    void readsTheLocalVariableTableWhenCompiledWithoutParameters(@TempDir Path dir) throws Exception {
        Class<?> type = compile(dir, "-g");
        Method greet = method(type, "greet");
        assertThat(greet.getParameters()[0].isNamePresent()).isFalse();
        assertThat(names(greet)).containsExactly("id", "name", "weights", "ratio", "count");
        assertThat(names(method(type, "shout"))).containsExactly("words", "times");
    }

    @Test
    void usesMethodParametersWhenPresentAndNothingWithoutDebugInformation(@TempDir Path dir) throws Exception {
        assertThat(names(method(compile(dir.resolve("a"), "-parameters"), "greet")))
                .containsExactly("id", "name", "weights", "ratio", "count");
        assertThat(ParameterNames.of(method(compile(dir.resolve("b"), "-g:none"), "greet"), 1)).isEmpty();
    }

    private static String[] names(Method method) {
        String[] names = new String[method.getParameterCount()];
        for (int i = 0; i < names.length; i++) {
            names[i] = ParameterNames.of(method, i).orElse(null);
        }
        return names;
    }

    private static Method method(Class<?> type, String name) {
        return Arrays.stream(type.getMethods()).filter(m -> m.getName().equals(name)).findFirst().orElseThrow();
    }

    private static Class<?> compile(Path dir, String option) throws Exception {
        Path source = dir.resolve("sample/Greeter.java");
        Files.createDirectories(source.getParent());
        Files.writeString(source, SOURCE);
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        int status = compiler.run(null, null, null, option, "-d", dir.toString(), source.toString());
        assertThat(status).isZero();
        URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()}, null);
        return loader.loadClass("sample.Greeter");
    }
}
