package dev.brisk.spring.boot.failures;

import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.web.server.PortInUseException;
import org.springframework.context.ConfigurableApplicationContext;

import java.net.InetAddress;
import java.net.ServerSocket;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** An application that cannot serve fails to start, with a message that says why. */
class StartupFailureTest {

    private static ConfigurableApplicationContext run(Class<?> application, String... properties) {
        return new SpringApplicationBuilder(application).properties("spring.main.banner-mode=off",
                "logging.level.root=off").properties(properties).run();
    }

    @Test
    void portInUse() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 50, InetAddress.getByName("0.0.0.0"))) {
            int port = taken.getLocalPort();
            assertThatThrownBy(() -> run(FailingApplications.Plain.class, "server.port=" + port))
                    .satisfies(e -> assertThat(causeOf(e, PortInUseException.class).getPort()).isEqualTo(port));
        }
    }

    @Test
    void ambiguousRoutes() {
        assertThatThrownBy(() -> run(FailingApplications.Ambiguous.class, "server.port=0"))
                .rootCause().hasMessageContaining("ambiguous routes: GET /same");
    }

    @Test
    void producesWhatNoCodecWrites() {
        assertThatThrownBy(() -> run(FailingApplications.MissingCodec.class, "server.port=0"))
                .rootCause().hasMessageContaining("no codec writes")
                .hasMessageContaining("Payload").hasMessageContaining("application/xml")
                .hasMessageContaining("Xml.xml");
    }

    @Test
    void consumesWhatNoCodecReads() {
        assertThatThrownBy(() -> run(FailingApplications.MissingBodyCodec.class, "server.port=0"))
                .rootCause().hasMessageContaining("no codec reads [application/yaml]")
                .hasMessageContaining("'payload'");
    }

    @Test
    void viewNames() {
        assertThatThrownBy(() -> run(FailingApplications.View.class, "server.port=0"))
                .rootCause().hasMessageContaining("views are not supported");
    }

    @Test
    void rootBasePathOnTheServerPort() {
        assertThatThrownBy(() -> run(FailingApplications.Plain.class, "server.port=0",
                "management.endpoints.web.base-path=/"))
                .rootCause().hasMessageContaining("management.endpoints.web.base-path");
    }

    @Test
    void briskValueThatCannotBeConverted() {
        assertThatThrownBy(() -> run(FailingApplications.Plain.class, "server.port=0", "brisk.idle-timeout=soon"))
                .satisfies(e -> assertThat(causeOf(e, BindException.class).getName())
                        .hasToString("brisk.idle-timeout"));
    }

    @Test
    void briskValueTheOptionsRefuse() {
        assertThatThrownBy(() -> run(FailingApplications.Plain.class, "server.port=0",
                "brisk.limits.max-body-size=-1B"))
                .hasStackTraceContaining("Invalid brisk.limits.max-body-size: maxBodySize must not be negative: -1");
    }

    @Test
    void briskKeyCloseToAProperty() {
        assertThatThrownBy(() -> run(FailingApplications.Plain.class, "server.port=0", "brisk.max-conections=10",
                "brisk.http2.enabled=false"))
                .rootCause().hasMessageContaining("did you mean brisk.max-connections?")
                .hasMessageContaining("brisk.http2.enabled is not read: server.http2.enabled sets it");
    }

    private static <T extends Throwable> T causeOf(Throwable error, Class<T> type) {
        for (Throwable t = error; t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return type.cast(t);
            }
        }
        throw new AssertionError("no " + type.getSimpleName() + " in " + error);
    }
}
