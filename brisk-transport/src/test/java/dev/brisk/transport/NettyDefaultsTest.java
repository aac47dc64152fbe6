package dev.brisk.transport;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class NettyDefaultsTest {

    private final String before = System.getProperty(NettyDefaults.JFR_PROPERTY);

    @AfterEach
    void restore() {
        if (before == null) {
            System.clearProperty(NettyDefaults.JFR_PROPERTY);
        } else {
            System.setProperty(NettyDefaults.JFR_PROPERTY, before);
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
        NettyDefaults.apply();
        assertThat(System.getProperty(NettyDefaults.JFR_PROPERTY)).isEqualTo("true");
    }
}
