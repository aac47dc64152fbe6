package dev.brisk.rpc.internal;

import dev.brisk.rpc.spi.AllowedTypes;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.lang.reflect.RecordComponent;
import java.util.Set;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two versions of one record, as a client and a server of different releases would have them: each side reads what
 * the other wrote (compatible mode), fields it does not know are skipped, fields it misses get their default.
 */
class SchemaEvolutionTest {

    @TempDir
    static Path dir;
    private static ClassLoader v1;
    private static ClassLoader v2;

    @BeforeAll
    static void compileTwoVersions() throws Exception {
        v1 = compile("v1", "package evo; public record Item(long id, String name) {}");
        v2 = compile("v2", "package evo; public record Item(long id, String name, int stock, String note) {}");
    }

    private static ClassLoader compile(String version, String source) throws Exception {
        Path src = dir.resolve(version + "-src/evo/Item.java");
        Path out = dir.resolve(version + "-classes");
        Files.createDirectories(src.getParent());
        Files.createDirectories(out);
        Files.writeString(src, source);
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        int status = compiler.run(null, null, null, "--release", "17", "-d", out.toString(), src.toString());
        assertThat(status).as("compiling " + version).isZero();
        return new URLClassLoader(new URL[] {out.toUri().toURL()}, SchemaEvolutionTest.class.getClassLoader());
    }

    private static Object item(ClassLoader loader, Object... values) throws Exception {
        Class<?> type = loader.loadClass("evo.Item");
        Class<?>[] types = new Class<?>[type.getRecordComponents().length];
        for (int i = 0; i < types.length; i++) {
            types[i] = type.getRecordComponents()[i].getType();
        }
        return type.getDeclaredConstructor(types).newInstance(values);
    }

    private static Object component(Object record, String name) throws Exception {
        for (RecordComponent component : record.getClass().getRecordComponents()) {
            if (component.getName().equals(name)) {
                return component.getAccessor().invoke(record);
            }
        }
        throw new AssertionError("no component " + name);
    }

    private static Object transfer(Object value, ClassLoader from, ClassLoader to) {
        ByteBuf buffer = Unpooled.buffer();
        try {
            AllowedTypes evolving = AllowedTypes.of(Set.of(), Set.of(), Set.of("evo"));
            ForySerializer writer = new ForySerializer(from);
            writer.prepare(evolving);
            writer.write(buffer, value);
            ForySerializer reader = new ForySerializer(to);
            reader.prepare(evolving);
            return reader.read(buffer, Object.class);
        } finally {
            buffer.release();
        }
    }

    @Test
    void anOlderReaderSkipsFieldsItDoesNotKnow() throws Exception {
        Object read = transfer(item(v2, 7L, "bolt", 40, "zinc"), v2, v1);
        assertThat(read.getClass().getClassLoader()).isSameAs(v1);
        assertThat(component(read, "id")).isEqualTo(7L);
        assertThat(component(read, "name")).isEqualTo("bolt");
    }

    @Test
    void aNewerReaderDefaultsFieldsItMisses() throws Exception {
        Object read = transfer(item(v1, 8L, "nut"), v1, v2);
        assertThat(read.getClass().getClassLoader()).isSameAs(v2);
        assertThat(component(read, "id")).isEqualTo(8L);
        assertThat(component(read, "name")).isEqualTo("nut");
        assertThat(component(read, "stock")).isEqualTo(0);
        assertThat(component(read, "note")).isNull();
    }
}
