package dev.brisk.rest;

import dev.brisk.rest.protect.LoadShedding;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.util.concurrent.atomic.AtomicReference;

import org.assertj.core.data.Offset;
import static dev.brisk.rest.RestTestSupport.get;
import static dev.brisk.rest.RestTestSupport.server;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** CPU load shedding with an injected load. */
class LoadSheddingTest {

    private BriskServer server;
    private final AtomicReference<Double> load = new AtomicReference<>(0.1);

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void requestsAreShedAboveTheThresholdExceptExemptOnes() throws Exception {
        server = server().protection(p -> p.loadShedding(LoadShedding.builder().threshold(0.7).max(0.9)
                .cpuLoad(load::get)
                        .exempt(request -> request.path().startsWith("/health")).build()))
                .get("/work", ctx -> ctx.send("work"))
                .get("/health", ctx -> ctx.send("UP"))
                .start();
        assertThat(get(server, "/work").statusCode()).isEqualTo(200);

        load.set(0.95);
        HttpResponse<String> shed = get(server, "/work");
        assertThat(shed.statusCode()).isEqualTo(503);
        assertThat(shed.headers().firstValue("retry-after")).hasValue("1");
        assertThat(shed.body()).contains("the server is overloaded");
        assertThat(get(server, "/health").statusCode()).isEqualTo(200);

        load.set(0.7);
        for (int i = 0; i < 10; i++) {
            assertThat(get(server, "/work").statusCode()).as("at the threshold nothing is shed").isEqualTo(200);
        }
    }

    @Test
    void theProbabilityRisesLinearlyFromTheThresholdToTheMax() {
        LoadShedding shedding = LoadShedding.builder().threshold(0.6).max(1.0).build();
        assertThat(shedding.probability(0.5)).isZero();
        assertThat(shedding.probability(0.6)).isZero();
        assertThat(shedding.probability(0.8)).isCloseTo(0.5, Offset.offset(1e-9));
        assertThat(shedding.probability(1.0)).isEqualTo(1.0);
    }

    @Test
    void theSettingsAreValidated() {
        assertThat(LoadShedding.DEFAULT.threshold()).isEqualTo(0.8);
        assertThat(LoadShedding.DEFAULT.max()).isEqualTo(0.95);
        assertThat(LoadShedding.DEFAULT.cpuLoad()).isEmpty();
        assertThatThrownBy(() -> LoadShedding.builder().threshold(1.0).build())
                .hasMessage("threshold must be within [0, 1): 1.0");
        assertThatThrownBy(() -> LoadShedding.builder().threshold(0.5).max(0.5).build())
                .hasMessage("max must be within (threshold (0.5), 1]: 0.5");
    }
}
