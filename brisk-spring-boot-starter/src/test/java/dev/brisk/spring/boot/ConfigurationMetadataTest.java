package dev.brisk.spring.boot;

import dev.brisk.spring.boot.internal.MetricsSettings;
import dev.brisk.spring.boot.internal.ObservabilitySettings;
import dev.brisk.spring.boot.internal.ServerSettings;
import dev.brisk.spring.boot.internal.WebFeatureSettings;
import dev.brisk.spring.boot.internal.WebSocketDefaults;
import dev.brisk.spring.boot.rpc.internal.RpcSettings;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The IDE metadata of {@code brisk.*}: every property, each described, and the options bound onto the builders in step
 * with their hand-written entries.
 */
class ConfigurationMetadataTest {

    /** The starter's own file: every Spring Boot jar has one at the same path, and which comes first is not fixed. */
    private static JsonNode metadata(String name) throws Exception {
        Path file = Path.of(BriskProperties.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .resolve("META-INF/" + name);
        assertThat(file).as(name + " of the starter").isRegularFile();
        try (InputStream in = Files.newInputStream(file)) {
            return JsonMapper.builder().build().readTree(in);
        }
    }

    /**
     * Every option a property binds onto a builder has an entry of its type, and every {@code brisk.*} entry written
     * by hand names such an option: an option added to a builder (a Boot property at once) needs its entry here.
     */
    @Test
    void builderOptionsAndTheirEntriesMatch() throws Exception {
        Map<String, String> entries = new TreeMap<>();
        for (JsonNode property : metadata("additional-spring-configuration-metadata.json").get("properties")) {
            String name = property.get("name").asString();
            if (name.startsWith("brisk.")) {
                entries.put(name, property.path("type").asString(""));
                assertThat(property.path("description").asString("")).as(name).isNotBlank();
            }
        }
        Map<String, String> options = new TreeMap<>(ServerSettings.properties());
        options.putAll(ObservabilitySettings.properties());
        options.putAll(MetricsSettings.properties());
        options.putAll(WebSocketDefaults.properties());
        options.putAll(WebFeatureSettings.compressionProperties());
        options.putAll(RpcSettings.properties());
        assertThat(options.keySet()).as("options without an entry in additional-spring-configuration-metadata.json")
                .isSubsetOf(entries.keySet());
        assertThat(entries.keySet()).as("metadata entries that name no option").isSubsetOf(options.keySet());
        assertThat(entries).as("the type of each entry").isEqualTo(options);
    }

    @Test
    void everyBriskPropertyIsDescribed() throws Exception {
        JsonNode metadata = metadata("spring-configuration-metadata.json");
        List<String> names = new ArrayList<>();
        for (JsonNode property : metadata.get("properties")) {
            names.add(property.get("name").asString());
            assertThat(property.path("description").asString("")).as(property.get("name").asString())
                    .isNotBlank();
        }
        assertThat(names).contains("brisk.io-threads", "brisk.transport", "brisk.default-scheduler", "brisk.controller-scheduler",
                "brisk.worker.threads", "brisk.worker.queue-size", "brisk.worker.max-queue-time", "brisk.limits.max-body-size",
                "brisk.http2.max-concurrent-streams", "brisk.listen", "brisk.metrics.enabled", "brisk.context-path",
                "brisk.multipart.max-parts", "brisk.multipart.max-part-header-size", "brisk.compression.enabled",
                "brisk.compression.min-response-size", "brisk.compression.mime-types", "brisk.static.enabled",
                "brisk.static.cache-control", "brisk.static.locations", "brisk.collapse.enabled",
                "brisk.collapse.routes", "brisk.collapse.key-headers", "brisk.collapse.additional-key-headers",
                "brisk.collapse.timeout", "brisk.collapse.max-in-flight", "brisk.collapse.max-response-size",
                "brisk.collapse.client.timeout", "brisk.collapse.client.rest-client.enabled",
                "brisk.collapse.client.rest-template.enabled", "brisk.collapse.client.web-client.enabled",
                // Micrometer meters (MetricsSettings)
                "brisk.metrics.requests-metric-name", "brisk.metrics.percentile-histogram",
                "brisk.metrics.percentiles", "brisk.metrics.server-meters",
                "brisk.access-log.enabled", "brisk.access-log.format", "brisk.access-log.pattern",
                "brisk.access-log.file", "brisk.access-log.rotation", "brisk.access-log.max-history",
                "brisk.tracing.enabled", "brisk.tracing.trust-incoming", "brisk.health.enabled",
                "brisk.health.readiness-path", "brisk.health.timeout",
                // Boot's own, for IDEs of applications without spring-boot-servlet
                "spring.servlet.multipart.enabled", "spring.servlet.multipart.max-file-size",
                "spring.servlet.multipart.max-request-size", "spring.servlet.multipart.file-size-threshold",
                "spring.servlet.multipart.location");
        List<String> hints = new ArrayList<>();
        metadata.get("hints").forEach(hint -> hints.add(hint.get("name").asString()));
        assertThat(hints).contains("brisk.default-scheduler", "brisk.controller-scheduler");
    }
}
