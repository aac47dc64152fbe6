package dev.brisk.spring.boot.multipart;

import dev.brisk.rest.multipart.MultipartOptions;
import dev.brisk.spring.boot.BriskProperties;
import dev.brisk.spring.boot.internal.MultipartSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.util.unit.DataSize;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** How {@code spring.servlet.multipart.*} and {@code brisk.multipart.*} become {@link MultipartOptions}. */
class MultipartSettingsTest {

    private static Binder binder(String... keyValues) {
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            map.put(keyValues[i], keyValues[i + 1]);
        }
        return new Binder(new MapConfigurationPropertySource(map));
    }

    private static MultipartOptions options(String... keyValues) {
        return MultipartSettings.options(binder(keyValues), new BriskProperties.Multipart());
    }

    @Test
    void nothingSetKeepsBrisksDefaults() {
        assertThat(options()).isEqualTo(MultipartOptions.DEFAULT);
        assertThat(MultipartSettings.enabled(binder())).isTrue();
    }

    @Test
    void springPropertiesMapOntoTheOptions(@TempDir Path location) {
        MultipartOptions options = options("spring.servlet.multipart.max-file-size", "3MB",
                "spring.servlet.multipart.max-request-size", "20MB",
                "spring.servlet.multipart.file-size-threshold", "512B",
                "spring.servlet.multipart.location", location.toString());
        assertThat(options.maxPartSize()).isEqualTo(3L * 1024 * 1024);
        assertThat(options.maxRequestSize()).isEqualTo(20L * 1024 * 1024);
        assertThat(options.fileSizeThreshold()).isEqualTo(512);
        assertThat(options.tempDirectory()).isEqualTo(location.toAbsolutePath());
        assertThat(options.maxParts()).isEqualTo(MultipartOptions.DEFAULT.maxParts());
    }

    @Test
    void plainNumbersAreBytes() {
        assertThat(options("spring.servlet.multipart.max-file-size", "2048").maxPartSize()).isEqualTo(2048);
    }

    @Test
    void minusOneIsUnlimited() {
        MultipartOptions options = options("spring.servlet.multipart.max-file-size", "-1",
                "spring.servlet.multipart.max-request-size", "-1MB");
        assertThat(options.maxPartSize()).isEqualTo(MultipartSettings.UNLIMITED);
        assertThat(options.maxRequestSize()).isEqualTo(MultipartSettings.UNLIMITED);
    }

    @Test
    void briskOnlyLimits() {
        BriskProperties.Multipart brisk = new BriskProperties.Multipart();
        brisk.setMaxParts(7);
        brisk.setMaxPartHeaderSize(DataSize.ofKilobytes(2));
        MultipartOptions options = MultipartSettings.options(binder(), brisk);
        assertThat(options.maxParts()).isEqualTo(7);
        assertThat(options.maxPartHeaderSize()).isEqualTo(2048);
    }

    @Test
    void enabledFalse() {
        assertThat(MultipartSettings.enabled(binder("spring.servlet.multipart.enabled", "false"))).isFalse();
    }

    @Test
    void valuesBriskCannotHonourNameTheirProperty() {
        assertThatThrownBy(() -> options("spring.servlet.multipart.max-file-size", "0"))
                .hasMessageContaining("spring.servlet.multipart.max-file-size").hasMessageContaining("0B");
        assertThatThrownBy(() -> options("spring.servlet.multipart.file-size-threshold", "-1"))
                .hasMessageContaining("spring.servlet.multipart.file-size-threshold");
        assertThatThrownBy(() -> options("spring.servlet.multipart.location", "/no/such/brisk/dir"))
                .hasMessageContaining("spring.servlet.multipart.location").hasMessageContaining("/no/such/brisk/dir");
        assertThatThrownBy(() -> options("spring.servlet.multipart.max-request-size", "lots"))
                .isInstanceOf(BindException.class).hasMessageContaining("spring.servlet.multipart.max-request-size");
        BriskProperties.Multipart brisk = new BriskProperties.Multipart();
        brisk.setMaxParts(0);
        assertThatThrownBy(() -> MultipartSettings.options(binder(), brisk))
                .hasMessageContaining("brisk.multipart.max-parts").hasMessageContaining("0");
    }
}
