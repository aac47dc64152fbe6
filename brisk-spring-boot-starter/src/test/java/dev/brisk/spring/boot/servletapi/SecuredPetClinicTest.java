package dev.brisk.spring.boot.servletapi;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The petclinic-shaped application with {@code clinic.security.enable=true} (HTTP Basic on every request) and
 * springdoc's paths moved ({@code springdoc.api-docs.path}, {@code springdoc.swagger-ui.path}): the API, the document
 * and swagger-ui's files all need credentials, and swagger-ui points at the moved document. Through real sockets.
 */
@Tag("servlet-api")
class SecuredPetClinicTest {

    private static final String ADMIN = "Basic " + Base64.getEncoder().encodeToString(
            "admin:admin".getBytes(StandardCharsets.UTF_8));
    private static ConfigurableApplicationContext context;
    private static int port;

    @BeforeAll
    static void start() {
        context = new SpringApplicationBuilder(PetClinicApplication.class).properties("server.port=0",
                "clinic.security.enable=true", "springdoc.api-docs.path=/clinic-docs",
                "springdoc.swagger-ui.path=/docs/clinic.html", "logging.level.root=warn").run();
        port = ((WebServerApplicationContext) context).getWebServer().getPort();
    }

    @AfterAll
    static void stop() {
        context.close();
    }

    private static HttpResponse<String> get(String path, String... headers) throws Exception {
        return PetClinicTest.send(port, "GET", path, null, headers);
    }

    @Test
    void everythingNeedsCredentials() throws Exception {
        for (String path : new String[] {"/api/owners", "/clinic-docs", "/docs/clinic.html",
                "/docs/swagger-ui/index.html", "/docs/swagger-ui/swagger-initializer.js"}) {
            HttpResponse<String> refused = get(path);
            assertThat(refused.statusCode()).as(path).isEqualTo(401);
            assertThat(refused.headers().firstValue("www-authenticate")).as(path).get().asString()
                    .startsWith("Basic");
        }
        HttpResponse<String> owners = get("/api/owners", "authorization", ADMIN);
        assertThat(owners.statusCode()).isEqualTo(200);
        assertThat(owners.body()).contains("George Franklin", "Betty Davis");
    }

    @Test
    void theMovedDocumentListsTheApplicationsPaths() throws Exception {
        HttpResponse<String> docs = get("/clinic-docs", "authorization", ADMIN);
        assertThat(docs.statusCode()).isEqualTo(200);
        assertThat(docs.body()).contains("\"/api/owners\"", "\"/api/owners/{ownerId}\"");
        assertThat(get("/v3/api-docs", "authorization", ADMIN).statusCode()).isEqualTo(404);
    }

    @Test
    void swaggerUiFollowsItsPathAndPointsAtTheMovedDocument() throws Exception {
        HttpResponse<String> redirect = get("/docs/clinic.html", "authorization", ADMIN);
        assertThat(redirect.statusCode()).isEqualTo(302);
        assertThat(redirect.headers().firstValue("location")).get().asString().endsWith("/docs/swagger-ui/index.html");

        HttpResponse<String> page = get("/docs/swagger-ui/index.html", "authorization", ADMIN);
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.headers().firstValue("content-type")).get().asString().startsWith("text/html");

        HttpResponse<String> initializer = get("/docs/swagger-ui/swagger-initializer.js", "authorization", ADMIN);
        assertThat(initializer.statusCode()).isEqualTo(200);
        assertThat(initializer.body()).contains("\"configUrl\" : \"/clinic-docs/swagger-config\"");
        HttpResponse<String> config = get("/clinic-docs/swagger-config", "authorization", ADMIN);
        assertThat(config.body()).contains("\"url\":\"/clinic-docs\"");
    }
}
