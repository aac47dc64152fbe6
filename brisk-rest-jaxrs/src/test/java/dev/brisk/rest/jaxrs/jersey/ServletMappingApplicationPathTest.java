package dev.brisk.rest.jaxrs.jersey;

import dev.brisk.rest.Brisk;
import dev.brisk.test.BriskServerExtension;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Application;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code @ApplicationPath} written as a servlet mapping, as Jersey applications deployed in servlet containers write
 * it: {@code "/v1/*"} serves under {@code /v1}, {@code "/*"} at the root.
 */
class ServletMappingApplicationPathTest {

    /** A resource to find. */
    @Path("ping")
    public static class Ping {
        @GET
        public String ping() {
            return "pong";
        }
    }

    /** Served under /v1. */
    @ApplicationPath("/v1/*")
    public static class Versioned extends Application {
        @Override
        public Set<Class<?>> getClasses() {
            return Set.of(Ping.class);
        }
    }

    /** Served at the root. */
    @ApplicationPath("/*")
    public static class Root extends Application {
        @Override
        public Set<Class<?>> getClasses() {
            return Set.of(Ping.class);
        }
    }

    @RegisterExtension
    static final BriskServerExtension VERSIONED = BriskServerExtension.of(() -> Brisk.server()
            .controllers(new Versioned()));

    @RegisterExtension
    static final BriskServerExtension ROOT = BriskServerExtension.of(() -> Brisk.server().controllers(new Root()));

    @Test
    void theMappingsWildcardIsNotPartOfThePath() {
        assertThat(VERSIONED.client().get("/v1/ping").execute().body()).isEqualTo("pong");
        assertThat(VERSIONED.client().get("/v1/*/ping").execute().status()).isEqualTo(404);
        assertThat(ROOT.client().get("/ping").execute().body()).isEqualTo("pong");
    }
}
