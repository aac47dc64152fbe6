package dev.brisk.spring.boot.servletapi;

import dev.brisk.spring.boot.BriskServletWebServerApplicationContext;
import dev.brisk.spring.boot.BriskWebServer;
import jakarta.servlet.ServletContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A Boot application with the servlet API on the class path stays on Brisk: its servlet filters (beans and
 * registrations) run in order around the handlers, its handlers and advice take servlet types, sessions work, and the
 * {@code servletContext} bean exists. Through real sockets.
 */
@Tag("servlet-api")
class ServletApplicationTest {

    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private static ConfigurableApplicationContext context;
    private static int port;

    @BeforeAll
    static void start() {
        context = new SpringApplicationBuilder(ServletApplication.class).properties("server.port=0",
                "server.servlet.context-path=/clinic", "server.servlet.session.cookie.name=CLINIC", "clinic.greeting-path=/hi",
                "logging.level.root=warn").run();
        port = ((WebServerApplicationContext) context).getWebServer().getPort();
    }

    @AfterAll
    static void stop() {
        context.close();
    }

    @BeforeEach
    void forget() {
        ServletApplication.SEEN.clear();
    }

    private static HttpResponse<String> get(String path, String... headers) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path));
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void theApplicationIsServedByBriskAsAServletApplication() {
        assertThat(context).isInstanceOf(BriskServletWebServerApplicationContext.class);
        assertThat(((WebServerApplicationContext) context).getWebServer()).isInstanceOf(BriskWebServer.class);
        assertThat(context.getBean(ServletContext.class).getContextPath()).isEqualTo("/clinic");
        assertThat(context.getBean(ServletApplication.ContextPathHolder.class).contextPath).isEqualTo("/clinic");
    }

    @Test
    void filtersRunInOrderAroundHandlersThatTakeServletTypes() throws Exception {
        HttpResponse<String> response = get("/clinic/api/owners/7", "x-api-key", "k");
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("owner 7");
        assertThat(response.headers().firstValue("x-request-uri")).hasValue("/clinic/api/owners/7");
        assertThat(response.headers().firstValue("x-served-by")).hasValue("filter");
        assertThat(ServletApplication.SEEN).startsWith("timing /clinic/api/owners/7",
                "api-key /clinic/api/owners/7");
    }

    @Test
    void aRegistrationAppliesToItsPatternsOnlyAndMayAnswerItself() throws Exception {
        HttpResponse<String> refused = get("/clinic/api/owners/7");
        assertThat(refused.statusCode()).isEqualTo(401);
        assertThat(refused.body()).contains("an API key is needed");
        // sendError committed the response: the outer filter's later header is ignored, as on a servlet container
        assertThat(refused.headers().firstValue("x-served-by")).isEmpty();

        assertThat(get("/clinic/visits").statusCode()).isEqualTo(200);
        assertThat(ServletApplication.SEEN).containsExactly("timing /clinic/api/owners/7",
                "api-key /clinic/api/owners/7", "timing /clinic/visits"); // the refused request reached no handler
    }

    @Test
    void springMvcInterceptorsRunOnTheirPathsWithTheHandlerMethod() throws Exception {
        HttpResponse<String> response = get("/clinic/api/owners/7", "x-api-key", "k");
        assertThat(response.headers().firstValue("x-handler")).hasValue("owner");
        assertThat(get("/clinic/visits").headers().firstValue("x-handler")).isEmpty();
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (!ServletApplication.SEEN.contains("after /clinic/api/owners/7") && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(ServletApplication.SEEN).contains("after /clinic/api/owners/7")
                .doesNotContain("after /clinic/visits");

        HttpResponse<String> blocked = get("/clinic/api/owners/7", "x-api-key", "k", "x-blocked", "yes");
        assertThat(blocked.statusCode()).isEqualTo(429);
        assertThat(blocked.body()).contains("slow down");
    }

    @Test
    void placeholdersInMappingPathsAreResolvedFromTheEnvironment() throws Exception {
        assertThat(get("/clinic/hi").body()).isEqualTo("hi");
        assertThat(get("/clinic/greeting").statusCode()).isEqualTo(404);
        assertThat(get("/clinic/greeting-path").body()).isEqualTo("/hi 42");
    }

    @Test
    void adviceTakesTheServletRequest() throws Exception {
        HttpResponse<String> response = get("/clinic/api/owners/0", "x-api-key", "k");
        assertThat(response.statusCode()).isEqualTo(404);
        assertThat(response.body()).contains("\"uri\":\"/clinic/api/owners/0\"");
    }

    @Test
    void sessionsFollowTheServerServletSessionProperties() throws Exception {
        HttpResponse<String> first = get("/clinic/visits");
        assertThat(first.body()).isEqualTo("visit 1");
        String cookie = first.headers().firstValue("set-cookie").orElseThrow();
        assertThat(cookie).startsWith("CLINIC=").contains("Path=/clinic", "HttpOnly");
        assertThat(get("/clinic/visits", "cookie", cookie.substring(0, cookie.indexOf(';'))).body())
                .isEqualTo("visit 2");
    }

    @Test
    void aVoidHandlerWritesThroughTheServletResponse() throws Exception {
        HttpResponse<String> response = get("/clinic/export");
        assertThat(response.headers().firstValue("content-type")).get().asString().startsWith("text/csv");
        assertThat(response.body()).isEqualTo("id\n1\n");
    }
}
