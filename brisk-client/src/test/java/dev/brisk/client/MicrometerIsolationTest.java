package dev.brisk.client;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Micrometer is optional: no class of brisk-client outside {@code dev.brisk.client.micrometer} may refer to it, or
 * applications without Micrometer would fail to load it.
 */
class MicrometerIsolationTest {

    private static final String MICROMETER = "io/micrometer/";
    private static final String INTEGRATION = "dev/brisk/client/micrometer/";

    @Test
    void onlyTheMicrometerPackageRefersToMicrometer() throws Exception {
        Path classes = Path.of(BriskClient.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<String> referring;
        try (Stream<Path> files = Files.walk(classes)) {
            referring = files.filter(file -> file.toString().endsWith(".class"))
                    .filter(MicrometerIsolationTest::refersToMicrometer)
                    .map(file -> classes.relativize(file).toString().replace('\\', '/'))
                    .collect(Collectors.toList());
        }

        assertThat(referring).isNotEmpty().allMatch(name -> name.startsWith(INTEGRATION));
    }

    private static boolean refersToMicrometer(Path classFile) {
        try {
            return new String(Files.readAllBytes(classFile), StandardCharsets.ISO_8859_1).contains(MICROMETER);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
