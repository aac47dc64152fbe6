package dev.brisk.rest;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The module system keeps Brisk's internals internal: an application module that requires dev.brisk.rest compiles
 * against the exported API, and the compiler refuses every internal package of the modules it reads.
 */
class ModuleBoundariesTest {

    @Test
    void publicApiCompiles(@TempDir Path dir) throws IOException {
        String output = compile(dir, """
                package app;

                public class App {
                    Object server = dev.brisk.rest.Brisk.server();
                    Object headers = dev.brisk.http.common.WritableHeaders.create();
                    Object transport = dev.brisk.transport.Transports.resolve(dev.brisk.transport.Transport.AUTO);
                    Object spi = dev.brisk.rest.spi.ControllerSupport.class;
                    Object feature = dev.brisk.rest.feature.Feature.class;
                    Object protect = dev.brisk.rest.protect.ProtectionOptions.DEFAULT;
                    Object observe = dev.brisk.rest.observe.AccessLogOptions.DEFAULT;
                    Object web = dev.brisk.rest.web.StaticOptions.DEFAULT;
                    Object sse = dev.brisk.rest.sse.SseEvent.class;
                    Object multipart = dev.brisk.rest.multipart.MultipartOptions.DEFAULT;
                }
                """);
        assertThat(output).isEmpty();
    }

    @Test
    void internalPackagesDoNotCompile(@TempDir Path dir) throws IOException {
        String output = compile(dir, """
                package app;

                public class App {
                    Object a = dev.brisk.http.internal.ServerContext.class;
                    Object b = dev.brisk.http.internal.http1.Http1Connection.class;
                    Object c = dev.brisk.http.common.wire.ArrayHeaders.class;
                    Object d = dev.brisk.rest.internal.RestServer.class;
                    Object e = dev.brisk.rest.internal.router.Router.class;
                    Object f = dev.brisk.transport.internal.Der.class;
                }
                """);
        for (String hidden : List.of("dev.brisk.http.internal", "dev.brisk.http.internal.http1",
                "dev.brisk.http.common.wire", "dev.brisk.rest.internal", "dev.brisk.rest.internal.router",
                "dev.brisk.transport.internal")) {
            assertThat(output).contains("package " + hidden + " is not visible");
        }
    }

    /** Compiles module {@code app} (requiring dev.brisk.rest) with one class; returns the compiler's messages. */
    private static String compile(Path dir, String source) throws IOException {
        Path src = Files.createDirectories(dir.resolve("src/app"));
        Files.writeString(dir.resolve("src/module-info.java"), "module app { requires dev.brisk.rest; }\n");
        Files.writeString(src.resolve("App.java"), source);
        List<String> modulePath = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            // the Brisk modules and their dependencies: built classes and the jars of Netty, Jackson, Jakarta
            boolean briskMain = entry.contains("brisk-") && !entry.endsWith("test-classes")
                    && !entry.endsWith("-tests.jar");
            if (briskMain || entry.contains("/io/netty/") || entry.contains("jackson") || entry.contains("jakarta")) {
                modulePath.add(entry);
            }
        }
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        StringWriter messages = new StringWriter();
        compiler.getTask(messages, null, null, List.of("-d", dir.resolve("out").toString(), "--module-path",
                        String.join(File.pathSeparator, modulePath)), null,
                compiler.getStandardFileManager(null, null, null).getJavaFileObjects(
                        dir.resolve("src/module-info.java"), src.resolve("App.java")))
                .call();
        return messages.toString();
    }
}
