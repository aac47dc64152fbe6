package dev.brisk.rest.jaxrs.compat;

import dev.brisk.rest.Brisk;
import dev.brisk.rest.jaxrs.JaxRsJson;
import dev.brisk.test.BriskServerExtension;
import dev.brisk.test.TestClient;
import dev.brisk.test.TestResponse;
import jakarta.ws.rs.ext.ContextResolver;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code ContextResolver}s of JSON mappers: one of a Jackson 3 mapper is honoured (here: unknown properties ignored,
 * for {@link Task} only — the resolver gives no mapper for other types, which keep the defaults). Jackson 2's are
 * tested in {@code jackson2.Jackson2JsonTest}.
 */
class ContextResolverTest {

    /** Lenient JSON for tasks only. */
    public static class LenientTasks implements ContextResolver<JsonMapper> {
        private final JsonMapper mapper = JaxRsJson.mapperBuilder()
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();

        @Override
        public JsonMapper getContext(Class<?> type) {
            return type == Task.class ? mapper : null;
        }
    }

    @RegisterExtension
    static final BriskServerExtension SERVER = BriskServerExtension.of(() -> Brisk.server()
            .controllers(new TaskResource(TaskStore.seeded()), new LenientTasks()));

    @Test
    void aJackson3ResolverDecidesForTheTypesItResolves(TestClient client) {
        TestResponse lenient = client.post("/tasks").contentType("application/json")
                .body("{\"title\": \"tea\", \"colour\": \"green\"}").execute();

        assertThat(lenient.status()).isEqualTo(201);
        assertThat(lenient.body()).contains("\"title\":\"tea\"").doesNotContain("colour");
    }
}
