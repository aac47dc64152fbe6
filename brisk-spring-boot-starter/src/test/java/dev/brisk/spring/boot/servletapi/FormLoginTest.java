package dev.brisk.spring.boot.servletapi;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.security.Principal;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.security.config.Customizer.withDefaults;

/**
 * Spring Security's form login on Brisk: the redirect to the login page, the page with its CSRF token, the login
 * POST read as a form, the session (its id changed at login against fixation), the saved request, CSRF refusals and
 * logout. Through real sockets, the cookie carried by hand.
 */
@Tag("servlet-api")
class FormLoginTest {

    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private static final Pattern CSRF = Pattern.compile("name=\"_csrf\" type=\"hidden\" value=\"([^\"]+)\"");
    private static ConfigurableApplicationContext context;
    private static int port;

    @SpringBootConfiguration
    @EnableAutoConfiguration
    @Import(FormLoginApplication.Greeting.class)
    static class FormLoginApplication {

        @RestController
        static class Greeting {
            @GetMapping("/hello")
            String hello(Principal principal) {
                return "hello " + principal.getName();
            }
        }

        @Bean
        SecurityFilterChain web(HttpSecurity http) throws Exception {
            return http.authorizeHttpRequests(requests -> requests.anyRequest().authenticated())
                    .formLogin(withDefaults())
                    .rememberMe(rememberMe -> rememberMe.key("form-login-test"))
                    .logout(withDefaults())
                    .build();
        }

        @Bean
        UserDetailsService users() {
            return new InMemoryUserDetailsManager(
                    User.withUsername("admin").password("{noop}secret").roles("ADMIN").build());
        }
    }

    @BeforeAll
    static void start() {
        context = new SpringApplicationBuilder(FormLoginApplication.class)
                .properties("server.port=0", "logging.level.root=warn").run();
        port = ((WebServerApplicationContext) context).getWebServer().getPort();
    }

    @AfterAll
    static void stop() {
        context.close();
    }

    private static HttpResponse<String> send(String method, String path, String form, String cookie)
            throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .method(method, form == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(form));
        if (form != null) {
            request.header("content-type", "application/x-www-form-urlencoded");
        }
        if (cookie != null) {
            request.header("cookie", cookie);
        }
        return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String sessionCookie(HttpResponse<String> response) {
        String header = response.headers().firstValue("set-cookie").orElseThrow();
        assertThat(header).startsWith("JSESSIONID=").contains("HttpOnly");
        return header.substring(0, header.indexOf(';'));
    }

    private static String csrfToken(String page) {
        Matcher matcher = CSRF.matcher(page);
        assertThat(matcher.find()).as("a CSRF field in the login page").isTrue();
        return matcher.group(1);
    }

    @Test
    void aUserLogsInWithAFormAndStaysLoggedInByTheSession() throws Exception {
        HttpResponse<String> first = send("GET", "/hello", null, null);
        assertThat(first.statusCode()).isEqualTo(302);
        assertThat(first.headers().firstValue("location")).hasValue("http://127.0.0.1:" + port + "/login"); // absolute, as Tomcat makes it
        String cookie = sessionCookie(first); // the request was saved in a new session

        HttpResponse<String> page = send("GET", "/login", null, cookie);
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.headers().firstValue("content-type")).get().asString().startsWith("text/html");
        String token = csrfToken(page.body());

        HttpResponse<String> wrong = send("POST", "/login", "username=admin&password=nope&_csrf=" + token, cookie);
        assertThat(wrong.statusCode()).isEqualTo(302);
        assertThat(wrong.headers().firstValue("location")).get().asString().endsWith("/login?error");

        HttpResponse<String> login = send("POST", "/login", "username=admin&password=secret&_csrf=" + token,
                cookie);
        assertThat(login.statusCode()).isEqualTo(302);
        assertThat(login.headers().firstValue("location")).get().asString().contains("/hello");
        String loggedIn = sessionCookie(login);
        assertThat(loggedIn).as("the session id changes at login").isNotEqualTo(cookie);

        HttpResponse<String> hello = send("GET", "/hello", null, loggedIn);
        assertThat(hello.statusCode()).isEqualTo(200);
        assertThat(hello.body()).isEqualTo("hello admin");
        assertThat(send("GET", "/hello", null, cookie).statusCode()).as("the old id is gone").isEqualTo(302);
    }

    @Test
    void aPostWithoutTheCsrfTokenIsRefused() throws Exception {
        HttpResponse<String> first = send("GET", "/login", null, null);
        String cookie = sessionCookie(first);
        assertThat(send("POST", "/login", "username=admin&password=secret", cookie).statusCode()).isEqualTo(403);
        assertThat(send("POST", "/login", "username=admin&password=secret&_csrf=forged", cookie).statusCode())
                .isEqualTo(403);
    }
}
