package dev.brisk.transport;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class NettyDefaultsTest {

    private final String jfrBefore = System.getProperty(NettyDefaults.JFR_PROPERTY);
    private final String samplingBefore = System.getProperty(NettyDefaults.LEAK_SAMPLING_PROPERTY);
    private final String levelBefore = System.getProperty(NettyDefaults.LEAK_LEVEL_PROPERTY);

    @AfterEach
    void restore() {
        restore(NettyDefaults.JFR_PROPERTY, jfrBefore);
        restore(NettyDefaults.LEAK_SAMPLING_PROPERTY, samplingBefore);
        restore(NettyDefaults.LEAK_LEVEL_PROPERTY, levelBefore);
    }

    private static void restore(String property, String value) {
        if (value == null) {
            System.clearProperty(property);
        } else {
            System.setProperty(property, value);
        }
    }

    @Test
    void nettysJfrEventsAreOffWhenNoRecordingStartedWithTheJvm() {
        System.clearProperty(NettyDefaults.JFR_PROPERTY);
        NettyDefaults.apply();
        assertThat(System.getProperty(NettyDefaults.JFR_PROPERTY)).isEqualTo("false");
    }

    @Test
    void anApplicationsOwnSettingIsKept() {
        System.setProperty(NettyDefaults.JFR_PROPERTY, "true");
        System.setProperty(NettyDefaults.LEAK_SAMPLING_PROPERTY, "128");
        System.setProperty(NettyDefaults.LEAK_LEVEL_PROPERTY, "paranoid");
        NettyDefaults.apply();
        assertThat(System.getProperty(NettyDefaults.JFR_PROPERTY)).isEqualTo("true");
        assertThat(System.getProperty(NettyDefaults.LEAK_SAMPLING_PROPERTY)).isEqualTo("128");
        assertThat(System.getProperty(NettyDefaults.LEAK_LEVEL_PROPERTY)).isEqualTo("paranoid");
    }

    @Test
    void theLeakDetectorIsOffUnlessTold() {
        System.clearProperty(NettyDefaults.LEAK_LEVEL_PROPERTY);
        NettyDefaults.apply();
        assertThat(System.getProperty(NettyDefaults.LEAK_LEVEL_PROPERTY)).isEqualTo("disabled");
    }

    @Test
    void nettysOlderNameForTheLevelCountsAsTheApplicationsChoice() {
        System.clearProperty(NettyDefaults.LEAK_LEVEL_PROPERTY);
        String legacyBefore = System.getProperty(NettyDefaults.LEGACY_LEAK_LEVEL_PROPERTY);
        System.setProperty(NettyDefaults.LEGACY_LEAK_LEVEL_PROPERTY, "simple");
        try {
            NettyDefaults.apply();
            assertThat(System.getProperty(NettyDefaults.LEAK_LEVEL_PROPERTY)).isNull();
        } finally {
            restore(NettyDefaults.LEGACY_LEAK_LEVEL_PROPERTY, legacyBefore);
        }
    }

    @Test
    void theLeakDetectorTracksOneBufferInAThousandWhenOnUnlessTold() {
        System.clearProperty(NettyDefaults.LEAK_SAMPLING_PROPERTY);
        NettyDefaults.apply();
        assertThat(System.getProperty(NettyDefaults.LEAK_SAMPLING_PROPERTY)).isEqualTo("1024");
    }
}
