package dev.brisk.rest.spring;

import dev.brisk.rest.Brisk;
import dev.brisk.rest.BriskServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.web.ErrorResponse;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.bind.annotation.RestControllerAdvice;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Static files mounted over the controllers' paths, as Spring Boot mounts {@code classpath:/static/} at {@code /}: a
 * path neither a controller nor a file answers is Spring MVC's {@code NoResourceFoundException} for the catch-all
 * advice, whatever the method; another method on an existing file is {@code HttpRequestMethodNotSupportedException}.
 */
class StaticResourcesTest {

    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @TempDir
    static Path root;
    private static BriskServer server;

    @RestController
    public static class Pets {
        @GetMapping("/api/pets")
        public String pets() {
            return "Leo";
        }
    }

    /** Every exception as a problem naming it: an {@link ErrorResponse}'s own status, else 500. */
    @RestControllerAdvice
    public static class CatchAll {
        @ExceptionHandler(Exception.class)
        public ProblemDetail any(Exception e) {
            HttpStatusCode status = e instanceof ErrorResponse response ? response.getStatusCode()
                    : HttpStatus.INTERNAL_SERVER_ERROR;
            ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, e.getMessage());
            problem.setProperty("exception", e.getClass().getSimpleName());
            return problem;
        }
    }

    @BeforeAll
    static void start() throws Exception {
        Files.writeString(root.resolve("site.css"), "body { margin: 0; }");
        server = Brisk.server().port(0).host("127.0.0.1").controllers(new Pets(), new CatchAll())
                .web(w -> w.staticFiles("/", root)).start();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static HttpResponse<String> send(String method, String path) throws Exception {
        return CLIENT.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
                .method(method, HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void controllersAndFilesAnswer() throws Exception {
        assertThat(send("GET", "/api/pets").body()).isEqualTo("Leo");
        assertThat(send("GET", "/site.css").body()).isEqualTo("body { margin: 0; }");
    }

    @Test
    void aPathNothingAnswersIsNoResourceFoundForAnyMethod() throws Exception {
        for (String method : new String[] {"GET", "POST", "PUT", "DELETE"}) {
            HttpResponse<String> response = send(method, "/api/nothing");
            assertThat(response.statusCode()).as(method).isEqualTo(404);
            assertThat(response.headers().firstValue("content-type")).hasValue("application/problem+json");
            assertThat(response.body()).as(method).contains("\"exception\":\"NoResourceFoundException\"")
                    .contains("No static resource api/nothing");
        }
    }

    @Test
    void theMissingResourceIsNamedBelowTheContextPath() throws Exception {
        try (BriskServer shop = Brisk.server().port(0).host("127.0.0.1").options(o -> o.contextPath("/shop"))
                .controllers(new Pets(), new CatchAll()).web(w -> w.staticFiles("/", root)).start()) {
            HttpResponse<String> response = CLIENT.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                    + shop.port() + "/shop/api/nothing")).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).isEqualTo(404);
            assertThat(response.body()).contains("\"exception\":\"NoResourceFoundException\"")
                    .contains("No static resource api/nothing for request '/shop/api/nothing'");
        }
    }

    @Test
    void anotherMethodOnAFileIsMethodNotSupported() throws Exception {
        HttpResponse<String> response = send("POST", "/site.css");
        assertThat(response.statusCode()).isEqualTo(405);
        assertThat(response.body()).contains("\"exception\":\"HttpRequestMethodNotSupportedException\"");
        // the advice's ProblemDetail is the whole answer, as on Spring MVC: no Allow from routing
        assertThat(response.headers().firstValue("allow")).isEmpty();
    }
}
