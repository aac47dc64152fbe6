package dev.brisk.spring.boot.servlet;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a Spring MVC application answers on Brisk where Tomcat and Spring MVC's {@code DispatcherServlet} set the
 * behaviour: paths no controller and no static file answers, requests outside {@code server.servlet.context-path},
 * and the media type of Actuator's responses. Through real sockets, with the JDK's HTTP client.
 */
@ExtendWith(OutputCaptureExtension.class)
class ServletParityTest {

    /**
     * Spring's exceptions for a path nothing answers and for a method a path does not allow: without the servlet API
     * (as here) spring-web's own; with it, Spring MVC's {@code NoResourceFoundException} and
     * {@code HttpRequestMethodNotSupportedException} (see brisk-rest-spring's tests).
     */
    private static final String NOT_FOUND = "ResponseStatusException";
    private static final String NOT_ALLOWED = "MethodNotAllowedException";
    private static final String ACTUATOR_JSON = "application/vnd.spring-boot.actuator.v3+json";
    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    private static ConfigurableApplicationContext context;
    private static int port;

    @BeforeAll
    static void start() {
        context = new SpringApplicationBuilder(ClinicApplication.class).properties("server.port=0",
                "server.servlet.context-path=/petclinic/", "management.endpoints.web.exposure.include=health,info",
                // Boot's default static-path-pattern (/**) over a location of its own, which leaves the module's
                // other applications without static resources
                "spring.web.resources.static-locations=classpath:/clinic/static/",
                "logging.level.root=warn").run();
        port = ((WebServerApplicationContext) context).getWebServer().getPort();
    }

    @AfterAll
    static void stop() {
        context.close();
    }

    @BeforeEach
    void forget() {
        ClinicApplication.SEEN.clear();
    }

    private static HttpResponse<String> send(String method, String path, String... headers) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .method(method, method.equals("POST") ? HttpRequest.BodyPublishers.ofString("{}")
                        : HttpRequest.BodyPublishers.noBody());
        if (method.equals("POST")) {
            request.header("Content-Type", "application/json");
        }
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static void assertProblem(HttpResponse<String> response, int status, String exception) {
        assertThat(response.statusCode()).isEqualTo(status);
        assertThat(response.headers().firstValue("content-type")).hasValue("application/problem+json");
        assertThat(response.body()).contains("\"status\":" + status).contains("\"exception\":\"" + exception + "\"");
        assertThat(ClinicApplication.SEEN).contains("advice " + exception);
    }

    // requests no controller and no static file answers: offered to the advice, whatever the method

    @Test
    void controllersAndStaticFilesAnswer() throws Exception {
        HttpResponse<String> owners = send("GET", "/petclinic/api/owners");
        assertThat(owners.statusCode()).isEqualTo(200);
        assertThat(owners.body()).contains("Franklin");
        HttpResponse<String> robots = send("GET", "/petclinic/robots.txt");
        assertThat(robots.statusCode()).isEqualTo(200);
        assertThat(robots.headers().firstValue("content-type")).get().asString().startsWith("text/plain");
        assertThat(robots.body()).startsWith("User-agent: *");
        assertProblem(send("GET", "/petclinic/api/owners/2"), 500, "IllegalStateException");
    }

    @Test
    void aPathNothingAnswersGoesToTheAdviceAsNotFound() throws Exception {
        HttpResponse<String> response = send("GET", "/petclinic/api/nothing");
        assertProblem(response, 404, NOT_FOUND);
        assertThat(response.body()).contains("No static resource");
        assertThat(response.headers().firstValue("allow")).isEmpty();
        assertThat(ClinicApplication.SEEN).containsExactly("filter /petclinic/api/nothing", "advice " + NOT_FOUND);
    }

    @Test
    void anyMethodOnAPathNothingAnswersIsNotFound() throws Exception {
        for (String method : new String[] {"POST", "PUT", "DELETE", "HEAD", "OPTIONS"}) {
            HttpResponse<String> response = send(method, "/petclinic/api/nothing");
            assertThat(response.statusCode()).as(method).isEqualTo(404);
            assertThat(response.headers().firstValue("allow")).as(method).isEmpty();
            assertThat(ClinicApplication.SEEN).as(method).contains("advice " + NOT_FOUND);
            ClinicApplication.SEEN.clear();
        }
        assertProblem(send("POST", "/petclinic/api/nothing"), 404, NOT_FOUND);
    }

    @Test
    void anotherMethodOnAStaticFileIsMethodNotSupported() throws Exception {
        assertProblem(send("POST", "/petclinic/robots.txt"), 405, NOT_ALLOWED);
        assertProblem(send("DELETE", "/petclinic/robots.txt"), 405, NOT_ALLOWED);
    }

    // requests outside the context path

    @Test
    void aRequestOutsideTheContextPathIsAPlainNotFound(CapturedOutput output) throws Exception {
        for (String path : new String[] {"/other", "/petclinicx/api/owners", "/api/owners", "/"}) {
            for (String method : new String[] {"GET", "POST"}) {
                HttpResponse<String> response = send(method, path);
                assertThat(response.statusCode()).as(method + " " + path).isEqualTo(404);
                assertThat(response.headers().firstValue("content-type")).hasValue("application/problem+json");
                assertThat(response.body()).as(method + " " + path).contains("\"status\":404")
                        .doesNotContain("exception");
            }
        }
        assertThat(ClinicApplication.SEEN).as("seen by the application").isEmpty();
        assertThat(output.getAll()).doesNotContain("ERROR").doesNotContain("WARN");
    }

    // Actuator's media types

    @Test
    void actuatorAnswersJsonWhenAskedForIt() throws Exception {
        for (String path : new String[] {"/petclinic/actuator/health", "/petclinic/actuator/info",
                "/petclinic/actuator"}) {
            HttpResponse<String> json = send("GET", path, "Accept", "application/json");
            assertThat(json.statusCode()).as(path).isEqualTo(200);
            assertThat(json.headers().firstValue("content-type")).as(path).hasValue("application/json");
            assertThat(send("GET", path, "Accept", "*/*, application/json").headers().firstValue("content-type"))
                    .as(path).hasValue("application/json");
            assertThat(send("GET", path, "Accept", "application/json, text/plain, */*").headers()
                    .firstValue("content-type")).as(path).hasValue("application/json");
        }
    }

    @Test
    void actuatorAnswersItsOwnTypeToAnyOrNoAccept() throws Exception {
        for (String path : new String[] {"/petclinic/actuator/health", "/petclinic/actuator/info",
                "/petclinic/actuator"}) {
            assertThat(send("GET", path).headers().firstValue("content-type")).as(path).hasValue(ACTUATOR_JSON);
            assertThat(send("GET", path, "Accept", "*/*").headers().firstValue("content-type")).as(path)
                    .hasValue(ACTUATOR_JSON);
            assertThat(send("GET", path, "Accept", ACTUATOR_JSON).headers().firstValue("content-type")).as(path)
                    .hasValue(ACTUATOR_JSON);
            assertThat(send("GET", path, "Accept", "application/*+json").headers().firstValue("content-type"))
                    .as(path).hasValue(ACTUATOR_JSON);
            assertThat(send("GET", path, "Accept", "text/html").statusCode()).as(path).isEqualTo(406);
        }
    }
}
