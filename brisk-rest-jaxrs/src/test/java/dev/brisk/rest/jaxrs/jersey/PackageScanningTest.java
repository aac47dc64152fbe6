package dev.brisk.rest.jaxrs.jersey;

import dev.brisk.rest.Brisk;
import dev.brisk.rest.BriskServer;
import dev.brisk.rest.jaxrs.jersey.scanned.StatusResource;
import dev.brisk.test.BriskServerExtension;
import dev.brisk.test.TestClient;
import dev.brisk.test.TestResponse;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A plain {@link Application} that lists no classes and names a package in its properties
 * ({@code jersey.config.server.provider.packages}, as Jersey reads it) has that package scanned by Brisk: its
 * resources and providers are served, sub-packages unless {@code jersey.config.server.provider.scanning.recursive}
 * is {@code false}; a package that is not on the class path fails at startup.
 */
class PackageScanningTest {

    @RegisterExtension
    static final BriskServerExtension SERVER = BriskServerExtension.of(() -> Brisk.server()
            .controllers(new ScannedApplication()));

    @ApplicationPath("scanned")
    static class ScannedApplication extends Application {
        /** Lists one class the scan also finds: it is served once. */
        @Override
        public Set<Class<?>> getClasses() {
            return Set.of(StatusResource.class);
        }

        @Override
        public Map<String, Object> getProperties() {
            return Map.of("jersey.config.server.provider.packages", "dev.brisk.rest.jaxrs.jersey.scanned");
        }
    }

    @Test
    void theResourcesAndProvidersOfTheNamedPackageAreServed(TestClient client) {
        TestResponse status = client.get("/scanned/status").execute();

        assertThat(status.status()).isEqualTo(200);
        assertThat(status.body()).isEqualTo("up");
        assertThat(status.header("x-scanned")).as("the scanned @Provider applies").hasValue("yes");
        assertThat(client.get("/scanned/status/nested").execute().body()).isEqualTo("nested");
        assertThat(client.get("/scanned/deeper").execute().body()).as("recursive by default").isEqualTo("deeper");
    }

    @Test
    void aNonRecursiveScanLeavesSubPackagesOut() throws Exception {
        Application flat = new Application() {
            @Override
            public Map<String, Object> getProperties() {
                return Map.of("jersey.config.server.provider.packages", "dev.brisk.rest.jaxrs.jersey.scanned",
                        "jersey.config.server.provider.scanning.recursive", "false");
            }
        };
        try (BriskServer server = Brisk.server().port(0).controllers(flat).start()) {
            assertThat(Http.status(server, "/status")).isEqualTo(200);
            assertThat(Http.status(server, "/deeper")).isEqualTo(404);
        }
    }

    @Test
    void aPackageThatIsNotOnTheClassPathFailsAtStartup() {
        Application missing = new Application() {
            @Override
            public Map<String, Object> getProperties() {
                return Map.of("jersey.config.server.provider.packages", "com.example.nowhere");
            }
        };

        assertThatThrownBy(() -> Brisk.server().port(0).controllers(missing).start())
                .hasMessageContaining("package com.example.nowhere is not on the class path");
    }
}
