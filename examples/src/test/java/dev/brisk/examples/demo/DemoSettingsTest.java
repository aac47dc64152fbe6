package dev.brisk.examples.demo;

import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Optional;
import java.util.Properties;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Settings come from system properties, then the environment, then the defaults. */
class DemoSettingsTest {

    @Test
    void defaults() {
        assertThat(DemoSettings.from(new Properties(), Map.of()))
                .isEqualTo(new DemoSettings(8080, Optional.empty()));
    }

    @Test
    void environment() {
        assertThat(DemoSettings.from(new Properties(), Map.of("PORT", "9090", "BRISK_DEMO_ZOOKEEPER", "zk:2181")))
                .isEqualTo(new DemoSettings(9090, Optional.of("zk:2181")));
    }

    @Test
    void systemPropertiesWin() {
        Properties properties = new Properties();
        properties.setProperty("port", "7070");
        properties.setProperty("zookeeper", "local:2181");
        assertThat(DemoSettings.from(properties, Map.of("PORT", "9090", "BRISK_DEMO_ZOOKEEPER", "zk:2181")))
                .isEqualTo(new DemoSettings(7070, Optional.of("local:2181")));
    }

    @Test
    void blankZooKeeperIsNone() {
        assertThat(DemoSettings.from(new Properties(), Map.of("BRISK_DEMO_ZOOKEEPER", " ")).zookeeper()).isEmpty();
    }

    @Test
    void badPort() {
        assertThatThrownBy(() -> DemoSettings.from(new Properties(), Map.of("PORT", "eighty")))
                .hasMessage("port must be a number: eighty");
        assertThatThrownBy(() -> new DemoSettings(70_000, Optional.empty()))
                .hasMessage("port must be within [0, 65535]: 70000");
    }
}
