package dev.brisk.benchmarks.serve;

import dev.brisk.benchmarks.serve.servletfilters.BasicSecurityConfiguration;
import dev.brisk.benchmarks.serve.servletfilters.HeaderFilterConfiguration;
import dev.brisk.transport.Transport;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Spring Boot servers behind a servlet filter or Spring Security, on Tomcat and on Brisk's servlet facade, answer
 * as the load generator expects: the filter's header on every response; 401 without the user's credentials, the
 * endpoint with them; and the servers without Security answer without credentials although Security is in the jar.
 */
class SpringFiltersImplementationsTest {

    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @ParameterizedTest
    @ValueSource(strings = {"spring-boot-brisk-servlet", "spring-mvc"})
    void withoutFiltersAnswersWithoutCredentials(String name) throws Exception {
        HttpResponse<String> response = get(start(name), "/hello", null);
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("Hello, World!");
        assertThat(response.headers().firstValue(HeaderFilterConfiguration.HEADER)).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"spring-boot-brisk-filter", "spring-mvc-filter"})
    void theFilterSetsItsHeader(String name) throws Exception {
        int port = start(name);
        HttpResponse<String> hello = get(port, "/hello", null);
        assertThat(hello.statusCode()).isEqualTo(200);
        assertThat(hello.body()).isEqualTo("Hello, World!");
        assertThat(hello.headers().firstValue(HeaderFilterConfiguration.HEADER)).hasValue("yes");
        HttpResponse<String> json = get(port, "/json", null);
        assertThat(json.body()).isEqualTo("{\"message\":\"Hello, World!\"}");
        assertThat(json.headers().firstValue(HeaderFilterConfiguration.HEADER)).hasValue("yes");
    }

    @ParameterizedTest
    @ValueSource(strings = {"spring-boot-brisk-security", "spring-mvc-security"})
    void securityAuthenticatesEveryRequestWithHttpBasic(String name) throws Exception {
        int port = start(name);
        HttpResponse<String> anonymous = get(port, "/hello", null);
        assertThat(anonymous.statusCode()).isEqualTo(401);
        assertThat(anonymous.headers().firstValue("www-authenticate")).hasValueSatisfying(
                value -> assertThat(value).startsWith("Basic"));
        assertThat(get(port, "/hello", basic(BasicSecurityConfiguration.USER, "wrong")).statusCode()).isEqualTo(401);
        String credentials = basic(BasicSecurityConfiguration.USER, BasicSecurityConfiguration.PASSWORD);
        for (int i = 0; i < 3; i++) { // every request is authenticated anew: no session is kept
            HttpResponse<String> hello = get(port, "/hello", credentials);
            assertThat(hello.statusCode()).isEqualTo(200);
            assertThat(hello.body()).isEqualTo("Hello, World!");
            assertThat(hello.headers().firstValue("set-cookie")).isEmpty();
        }
    }

    private static int start(String name) throws Exception {
        return ServeCommand.IMPLS.get(name).get().start(new ServeOptions(0, 1, false, Transport.AUTO));
    }

    private static String basic(String user, String password) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    private static HttpResponse<String> get(int port, String path, String authorization) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(10));
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
