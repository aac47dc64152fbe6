package dev.brisk.spring.boot.servletapi;

import jakarta.servlet.ServletContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The petclinic-shaped application with security off under a context path: its API through the controller that
 * implements the annotated interface, its advice's problems, springdoc's API document listing the application's paths
 * and swagger-ui served by Spring MVC's resource handlers (the redirect, the page, the transformed initializer that
 * points at the API document, conditional GETs). Through real sockets.
 */
@Tag("servlet-api")
class PetClinicTest {

    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private static ConfigurableApplicationContext context;
    private static int port;

    @BeforeAll
    static void start() {
        context = new SpringApplicationBuilder(PetClinicApplication.class).properties("server.port=0",
                "server.servlet.context-path=/petclinic", "clinic.security.enable=false",
                "logging.level.root=warn").run();
        port = ((WebServerApplicationContext) context).getWebServer().getPort();
    }

    @AfterAll
    static void stop() {
        context.close();
    }

    static HttpResponse<String> send(int port, String method, String path, String body, String... headers)
            throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body));
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static int bytes(String body) {
        return body.getBytes(StandardCharsets.UTF_8).length;
    }

    private static HttpResponse<String> get(String path, String... headers) throws Exception {
        return send(port, "GET", path, null, headers);
    }

    @Test
    void theInterfacesMappingsServeTheController() throws Exception {
        HttpResponse<String> owners = get("/petclinic/api/owners?city=Madison");
        assertThat(owners.statusCode()).isEqualTo(200);
        assertThat(owners.headers().firstValue("content-type")).hasValue("application/json");
        assertThat(owners.body()).contains("George Franklin").doesNotContain("Betty Davis");
        assertThat(get("/petclinic/api/owners/2").body()).contains("\"city\":\"Sun Prairie\"");

        HttpResponse<String> added = send(port, "POST", "/petclinic/api/owners",
                "{\"name\":\"Jean Coleman\",\"city\":\"Monona\",\"telephone\":\"6085552654\"}",
                "content-type", "application/json");
        assertThat(added.statusCode()).isEqualTo(201);
        assertThat(added.headers().firstValue("location")).get().asString().matches(".*/api/owners/\\d+");
        assertThat(added.body()).contains("\"name\":\"Jean Coleman\"");
    }

    @Test
    void theAdvicesHandlersTakeTheServletRequestAndAnswerProblems() throws Exception {
        HttpResponse<String> invalid = send(port, "POST", "/petclinic/api/owners",
                "{\"name\":\"\",\"city\":\"Monona\",\"telephone\":\"12\"}", "content-type", "application/json");
        assertThat(invalid.statusCode()).isEqualTo(400);
        assertThat(invalid.headers().firstValue("content-type")).hasValue("application/problem+json");
        assertThat(invalid.body()).contains("\"instance\":\"/petclinic/api/owners\"", "\"name\":",
                "\"telephone\":\"must be 10 digits\"");

        HttpResponse<String> missing = get("/petclinic/api/owners/99");
        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(missing.body()).contains("no owner 99", "\"instance\":\"/petclinic/api/owners/99\"");
    }

    @Test
    void bootsSpringMvcAutoConfigurationAppliesAsOnTomcat() {
        // springdoc brings spring-boot-webmvc, whose servlet filters then run on the facade
        assertThat(context.getBean(ServletContext.class).getFilterRegistrations().keySet())
                .contains("characterEncodingFilter", "formContentFilter", "requestContextFilter");
    }

    @Test
    void theApiDocumentListsTheApplicationsPaths() throws Exception {
        HttpResponse<String> docs = get("/petclinic/v3/api-docs");
        assertThat(docs.statusCode()).isEqualTo(200);
        assertThat(docs.headers().firstValue("content-type")).get().asString().startsWith("application/json");
        assertThat(docs.body()).contains("\"/api/owners\"", "\"/api/owners/{ownerId}\"", "\"listOwners\"",
                "\"getOwner\"", "\"addOwner\"", "\"owner\"");
    }

    @Test
    void swaggerUiIsRedirectedToAndServed() throws Exception {
        HttpResponse<String> redirect = get("/petclinic/swagger-ui.html");
        assertThat(redirect.statusCode()).isEqualTo(302);
        assertThat(redirect.headers().firstValue("location")).get().asString()
                .endsWith("/petclinic/swagger-ui/index.html");

        HttpResponse<String> page = get("/petclinic/swagger-ui/index.html");
        assertThat(page.statusCode()).as(page.body()).isEqualTo(200);
        assertThat(page.headers().firstValue("content-type")).get().asString().startsWith("text/html");
        assertThat(page.body()).contains("<title>Swagger UI</title>", "swagger-initializer.js");

        HttpResponse<String> bundle = get("/petclinic/swagger-ui/swagger-ui-bundle.js");
        assertThat(bundle.statusCode()).isEqualTo(200);
        assertThat(bundle.headers().firstValue("content-type")).get().asString().contains("javascript");
        assertThat(bundle.headers().firstValue("content-length")).hasValue(String.valueOf(bytes(bundle.body())));
        assertThat(get("/petclinic/swagger-ui/swagger-ui.css").headers().firstValue("content-type")).get()
                .asString().startsWith("text/css");
    }

    @Test
    void theInitializerIsTransformedToPointAtTheApiDocument() throws Exception {
        HttpResponse<String> initializer = get("/petclinic/swagger-ui/swagger-initializer.js");
        assertThat(initializer.statusCode()).isEqualTo(200);
        assertThat(initializer.headers().firstValue("content-type")).get().asString().contains("javascript");
        // springdoc's transformer added this application's configuration
        assertThat(initializer.body()).contains("\"configUrl\" : \"/petclinic/v3/api-docs/swagger-config\"");
        // springdoc serves it uncached, as on Spring MVC
        assertThat(initializer.headers().firstValue("cache-control")).hasValue("no-store");

        HttpResponse<String> config = get("/petclinic/v3/api-docs/swagger-config");
        assertThat(config.statusCode()).isEqualTo(200);
        assertThat(config.body()).contains("\"url\":\"/petclinic/v3/api-docs\"");
    }

    @Test
    void staticFilesAnswerConditionalGets() throws Exception {
        HttpResponse<String> css = get("/petclinic/swagger-ui/swagger-ui.css");
        String lastModified = css.headers().firstValue("last-modified").orElseThrow();
        HttpResponse<String> unchanged = get("/petclinic/swagger-ui/swagger-ui.css", "if-modified-since",
                lastModified);
        assertThat(unchanged.statusCode()).isEqualTo(304);
        assertThat(unchanged.body()).isEmpty();

        HttpResponse<String> head = send(port, "HEAD", "/petclinic/swagger-ui/swagger-ui.css", null);
        assertThat(head.statusCode()).isEqualTo(200);
        assertThat(head.headers().firstValue("content-length")).hasValue(String.valueOf(bytes(css.body())));
    }

    @Test
    void aMissingResourceReachesTheAdvice() throws Exception {
        HttpResponse<String> missing = get("/petclinic/swagger-ui/nothing.js");
        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(missing.body()).contains("\"title\":\"NoResourceFoundException\"",
                "\"instance\":\"/petclinic/swagger-ui/nothing.js\"");
    }
}
