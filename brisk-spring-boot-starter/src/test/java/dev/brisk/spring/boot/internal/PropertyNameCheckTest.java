package dev.brisk.spring.boot.internal;

import org.junit.jupiter.api.Test;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@code brisk.*} keys that would be ignored fail start-up, naming the property meant. */
class PropertyNameCheckTest {

    private static StandardEnvironment environment(String... keyValues) {
        Map<String, Object> map = new HashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            map.put(keyValues[i], keyValues[i + 1]);
        }
        StandardEnvironment environment = new StandardEnvironment();
        environment.getPropertySources().addFirst(new MapPropertySource("test", map));
        return environment;
    }

    private static void verify(StandardEnvironment environment) {
        PropertyNameCheck.verify(environment, PropertyNameCheckTest.class.getClassLoader());
    }

    @Test
    void knownPropertiesPass() {
        assertThatCode(() -> verify(environment("brisk.max-connections", "5", "brisk.limits.max-body-size", "1MB",
                "brisk.worker.threads", "4", "brisk.http2.max-frame-size", "32KB", "brisk.listen", "false",
                "brisk.context-path", "/api", "brisk.metrics.percentiles", "0.5",
                "brisk.collapse.routes[0]", "/a", "brisk.websocket.idle-timeout", "5s",
                "brisk.protection.max-connection-rate", "5", "brisk.maxConnections", "5",
                "brisk.something-else-entirely", "x"))).doesNotThrowAnyException();
    }

    @Test
    void aTypoOfAnOption() {
        assertThatThrownBy(() -> verify(environment("brisk.max-conections", "5")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("brisk.max-conections is not a Brisk property: did you mean "
                        + "brisk.max-connections?");
        assertThatThrownBy(() -> verify(environment("brisk.limit.max-body-size", "1MB")))
                .hasMessageContaining("did you mean brisk.limits.max-body-size?");
        assertThatThrownBy(() -> verify(environment("brisk.worker.thread", "4")))
                .hasMessageContaining("did you mean brisk.worker.threads?");
    }

    @Test
    void aTypoInAnotherGroup() {
        assertThatThrownBy(() -> verify(environment("brisk.metrics.percentile", "0.5")))
                .hasMessageContaining("did you mean brisk.metrics.percentiles?");
    }

    @Test
    void anOptionAnotherPropertySets() {
        assertThatThrownBy(() -> verify(environment("brisk.port", "8081", "brisk.http2.enabled", "false")))
                .hasMessageContaining("brisk.port is not read: server.port sets it")
                .hasMessageContaining("brisk.http2.enabled is not read: server.http2.enabled sets it");
    }

    @Test
    void anUnknownKeyInAGroupOfOptions() {
        assertThatThrownBy(() -> verify(environment("brisk.limits.request-line", "100")))
                .hasMessageContaining("brisk.limits.request-line is not a Brisk property; brisk.limits.* are ")
                .hasMessageContaining("brisk.limits.max-initial-line-length");
    }

    @Test
    void environmentVariablesAreNotChecked() {
        StandardEnvironment environment = environment();
        environment.getPropertySources().addFirst(new SystemEnvironmentPropertySource("env",
                Map.of("BRISK_MAX_CONECTIONS", "5", "BRISK_PORT", "1")));
        assertThatCode(() -> verify(environment)).doesNotThrowAnyException();
    }
}
