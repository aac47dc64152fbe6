package dev.brisk.collapse;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The core needs the JDK only: no class outside the adapters refers to brisk-client, brisk-rest, Netty, Spring,
 * Reactor or Micrometer, so an application without them loads the core without error; and each adapter refers only to
 * its own library: the request key they share none, the RestClient/RestTemplate interceptor spring-web only (an
 * application without WebFlux and Reactor uses it), the WebClient filter spring-web, spring-webflux and Reactor.
 * Micrometer is not referred to at all: its adapter is in brisk-micrometer.
 */
class OptionalDependenciesTest {

    private static final List<String> OPTIONAL = List.of("dev/brisk/client/", "dev/brisk/rest/", "dev/brisk/http/",
            "io/netty/", "io/micrometer/", "org/springframework/", "reactor/", "org/reactivestreams/");

    /** The classes of the WebClient filter: the only ones that may refer to WebFlux and Reactor. */
    private static final List<String> REACTIVE = List.of("dev/brisk/collapse/spring/CollapsingExchangeFilter",
            "dev/brisk/collapse/internal/spring/ReactiveCall", "dev/brisk/collapse/internal/spring/SharedExchange");

    @Test
    void theCoreRefersToTheJdkOnly() throws Exception {
        assertThat(classesReferring(OPTIONAL)).allMatch(name -> name.startsWith("dev/brisk/collapse/client/")
                || name.startsWith("dev/brisk/collapse/rest/")
                || name.startsWith("dev/brisk/collapse/internal/client/")
                || name.startsWith("dev/brisk/collapse/internal/rest/")
                || name.startsWith("dev/brisk/collapse/spring/")
                || name.startsWith("dev/brisk/collapse/internal/spring/"));
    }

    @Test
    void eachAdapterRefersOnlyToItsOwnLibrary() throws Exception {
        assertThat(classesReferring(List.of("io/micrometer/"))).isEmpty();
        assertThat(classesReferring(List.of("dev/brisk/rest/")))
                .isNotEmpty().allMatch(name -> name.startsWith("dev/brisk/collapse/rest/")
                        || name.startsWith("dev/brisk/collapse/internal/rest/"));
        assertThat(classesReferring(List.of("dev/brisk/client/")))
                .isNotEmpty().allMatch(name -> name.startsWith("dev/brisk/collapse/client/")
                        || name.startsWith("dev/brisk/collapse/internal/client/"));
        assertThat(classesReferring(List.of("org/springframework/")))
                .isNotEmpty().allMatch(name -> name.startsWith("dev/brisk/collapse/spring/")
                        || name.startsWith("dev/brisk/collapse/internal/spring/"));
        assertThat(classesReferring(List.of("org/springframework/web/reactive/", "reactor/", "org/reactivestreams/")))
                .isNotEmpty().allMatch(name -> REACTIVE.stream().anyMatch(name::startsWith));
        assertThat(classesReferring(List.of("dev/brisk/client/", "dev/brisk/rest/", "dev/brisk/http/", "io/netty/")))
                .noneMatch(name -> name.startsWith("dev/brisk/collapse/spring/")
                        || name.startsWith("dev/brisk/collapse/internal/spring/"));
    }

    private static List<String> classesReferring(List<String> packages) throws Exception {
        Path classes = Path.of(SingleFlight.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        try (Stream<Path> files = Files.walk(classes)) {
            return files.filter(file -> file.toString().endsWith(".class"))
                    .filter(file -> !file.getFileName().toString().equals("module-info.class"))
                    .filter(file -> refersTo(file, packages))
                    .map(file -> classes.relativize(file).toString().replace('\\', '/'))
                    .toList();
        }
    }

    private static boolean refersTo(Path classFile, List<String> packages) {
        try {
            String content = new String(Files.readAllBytes(classFile), StandardCharsets.ISO_8859_1);
            return packages.stream().anyMatch(content::contains);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
