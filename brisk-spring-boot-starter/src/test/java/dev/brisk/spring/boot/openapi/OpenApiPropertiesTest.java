package dev.brisk.spring.boot.openapi;

import dev.brisk.openapi.OpenApi;
import dev.brisk.spring.boot.BriskOpenApiProperties;
import dev.brisk.spring.boot.BriskWebServerApplicationContext;
import dev.brisk.spring.boot.autoconfigure.BriskOpenApiAutoConfiguration;
import dev.brisk.spring.boot.autoconfigure.BriskWebServerAutoConfiguration;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code brisk.openapi.*} on a running application: the document fetched with the JDK HTTP client. */
class OpenApiPropertiesTest {

    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private static ConfigurableApplicationContext run(String... properties) {
        List<String> args = new ArrayList<>(List.of("--server.port=0", "--logging.level.root=warn"));
        for (String property : properties) {
            args.add("--" + property);
        }
        return new SpringApplicationBuilder(OpenApiApplication.class).run(args.toArray(String[]::new));
    }

    private static HttpResponse<String> get(ConfigurableApplicationContext context, String path) throws Exception {
        int port = ((WebServerApplicationContext) context).getWebServer().getPort();
        return CLIENT.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void servedAtTheDefaultPathsWithTheApplicationsName() throws Exception {
        try (ConfigurableApplicationContext context = run("spring.application.name=library")) {
            HttpResponse<String> response = get(context, "/openapi.json");
            assertThat(response.statusCode()).isEqualTo(200);
            JsonNode document = JSON.readTree(response.body());
            assertThat(document.path("openapi").asString()).isEqualTo("3.1.0");
            assertThat(document.at("/info/title").asString()).isEqualTo("library");
            assertThat(document.at("/info/version").asString()).isEqualTo("1.0");
            assertThat(document.path("paths").propertyNames()).containsExactly("/books/{isbn}");
            assertThat(document.at("/paths/~1books~1{isbn}/get/responses/200/content/application~1json/schema/$ref")
                    .asString()).isEqualTo("#/components/schemas/Book");
            HttpResponse<String> yaml = get(context, "/openapi.yaml");
            assertThat(yaml.statusCode()).isEqualTo(200);
            assertThat(yaml.body()).startsWith("openapi: \"3.1.0\"\n");
        }
    }

    @Test
    void pathsTitleVersionAndDescriptionFromProperties() throws Exception {
        try (ConfigurableApplicationContext context = run("brisk.openapi.path=/docs/api.json",
                "brisk.openapi.yaml-path=/docs/api.yaml", "brisk.openapi.title=Books",
                "brisk.openapi.version=7.0", "brisk.openapi.description=All the books.")) {
            assertThat(get(context, "/openapi.json").statusCode()).isEqualTo(404);
            JsonNode document = JSON.readTree(get(context, "/docs/api.json").body());
            assertThat(document.at("/info/title").asString()).isEqualTo("Books");
            assertThat(document.at("/info/version").asString()).isEqualTo("7.0");
            assertThat(document.at("/info/description").asString()).isEqualTo("All the books.");
            assertThat(get(context, "/docs/api.yaml").statusCode()).isEqualTo(200);
        }
    }

    @Test
    void offWhenDisabled() throws Exception {
        try (ConfigurableApplicationContext context = run("brisk.openapi.enabled=false")) {
            assertThat(context.getBeansOfType(OpenApi.class)).isEmpty();
            assertThat(get(context, "/openapi.json").statusCode()).isEqualTo(404);
            assertThat(get(context, "/books/1").statusCode()).isEqualTo(200);
        }
    }

    private final ApplicationContextRunner brisk = new ApplicationContextRunner(
            BriskWebServerApplicationContext::new)
            .withConfiguration(AutoConfigurations.of(BriskWebServerAutoConfiguration.class,
                    BriskOpenApiAutoConfiguration.class))
            .withPropertyValues("server.port=0");

    @Test
    void nothingWithoutBriskOpenApi() {
        brisk.withClassLoader(new FilteredClassLoader("dev.brisk.openapi"))
                .run(context -> assertThat(context).hasNotFailed()
                        .doesNotHaveBean(BriskOpenApiAutoConfiguration.class));
    }

    @Test
    void theApplicationsOpenApiWins() {
        OpenApi own = OpenApi.builder().title("own").build();
        brisk.withBean(OpenApi.class, () -> own)
                .run(context -> assertThat(context.getBean(OpenApi.class)).isSameAs(own));
    }

    @Test
    void everyPropertyIsDescribedForIdes() throws Exception {
        Path file = Path.of(BriskOpenApiProperties.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .resolve("META-INF/spring-configuration-metadata.json");
        JsonNode metadata;
        try (InputStream in = Files.newInputStream(file)) {
            metadata = JSON.readTree(in);
        }
        List<String> names = new ArrayList<>();
        for (JsonNode property : metadata.get("properties")) {
            String name = property.get("name").asString();
            if (name.startsWith("brisk.openapi.")) {
                names.add(name);
                assertThat(property.path("description").asString("")).as(name).isNotBlank();
            }
        }
        assertThat(names).containsExactlyInAnyOrder("brisk.openapi.enabled", "brisk.openapi.path",
                "brisk.openapi.yaml-path", "brisk.openapi.title", "brisk.openapi.version",
                "brisk.openapi.description", "brisk.openapi.exclude");
    }
}
