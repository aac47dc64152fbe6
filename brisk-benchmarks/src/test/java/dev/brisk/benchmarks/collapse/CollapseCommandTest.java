package dev.brisk.benchmarks.collapse;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CollapseCommandTest {

    @Test
    void oneModeRunsAlone() {
        CollapseCommand.Parsed parsed = CollapseCommand.parse(new String[] {"--mode", "on", "--scenario", "client"});

        assertThat(parsed.run().collapse()).isTrue();
        assertThat(parsed.run().concurrency()).isEqualTo(200);
        assertThat(parsed.paired()).isNull();
    }

    @Test
    void twoModesRunSideBySide() {
        CollapseCommand.Parsed parsed = CollapseCommand.parse(new String[] {"--mode", "off,on", "--scenario", "client",
                "--keys", "unique", "--windows", "4", "--concurrency", "50"});

        assertThat(parsed.run().collapse()).isFalse();
        assertThat(parsed.paired().collapse()).isTrue();
        assertThat(parsed.paired().keys()).isZero();
        assertThat(parsed.paired().concurrency()).isEqualTo(50);
        assertThat(parsed.windows()).isEqualTo(4);
    }

    @Test
    void badModesAreRefusedByName() {
        assertThatThrownBy(() -> CollapseCommand.parse(new String[] {"--mode", "on,maybe", "--scenario", "client"}))
                .hasMessageContaining("--mode");
        assertThatThrownBy(() -> CollapseCommand.parse(new String[] {"--mode", "on,off,on", "--scenario", "client"}))
                .hasMessageContaining("--mode");
        assertThatThrownBy(() -> CollapseCommand.parse(new String[] {"--mode", "off,on", "--scenario", "server"}))
                .hasMessageContaining("--scenario client");
        assertThatThrownBy(() -> CollapseCommand.parse(new String[] {"--mode", "off,on", "--scenario", "client",
                "--windows", "0"})).hasMessageContaining("--windows");
    }

    @Test
    void theRestClientScenarioRunsOneModeAgainstTheSlowBackend() {
        CollapseCommand.Parsed parsed = CollapseCommand.parse(new String[] {"--mode", "on", "--scenario",
                "rest-client", "--backend-ms", "50"});

        assertThat(parsed.restClient()).isTrue();
        assertThat(parsed.run().collapse()).isTrue();
        assertThat(parsed.run().concurrency()).isEqualTo(200);
        CollapseRun backend = RestClientCollapseLoad.backend(parsed.run());
        assertThat(backend.server()).isTrue();
        assertThat(backend.collapse()).isFalse(); // the route is never collapsed: the client is
        assertThat(backend.backendMs()).isEqualTo(50);
        assertThatThrownBy(() -> CollapseCommand.parse(new String[] {"--mode", "off,on", "--scenario",
                "rest-client"})).hasMessageContaining("rest-client");
    }
}
