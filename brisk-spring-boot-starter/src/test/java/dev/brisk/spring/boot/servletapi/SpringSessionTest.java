package dev.brisk.spring.boot.servletapi;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpSession;
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
import org.springframework.session.MapSessionRepository;
import org.springframework.session.Session;
import org.springframework.session.config.annotation.web.http.EnableSpringHttpSession;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.Principal;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.security.config.Customizer.withDefaults;

/**
 * Spring Session on Brisk, unchanged: its repository filter wraps the request, and everything after it (Spring
 * Security's CSRF tokens and security context, the handlers' {@code HttpSession} and {@code HttpServletRequest}
 * parameters) works on the repository's sessions, here a map standing in for Redis or JDBC. Through real sockets.
 */
@Tag("servlet-api")
class SpringSessionTest {

    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private static final Pattern CSRF = Pattern.compile("name=\"_csrf\" type=\"hidden\" value=\"([^\"]+)\"");
    private static final Map<String, Session> STORE = new ConcurrentHashMap<>();
    private static ConfigurableApplicationContext context;
    private static int port;

    @SpringBootConfiguration
    @EnableAutoConfiguration
    @EnableSpringHttpSession
    @Import(SpringSessionApplication.Visits.class)
    static class SpringSessionApplication {

        @RestController
        static class Visits {
            @GetMapping("/visits")
            String visits(HttpSession session, HttpServletRequest request, Principal principal) {
                Integer visits = (Integer) session.getAttribute("visits");
                session.setAttribute("visits", visits == null ? 1 : visits + 1);
                return principal.getName() + " " + session.getAttribute("visits") + " " + session.getId()
                        + " " + (request.getSession(false).getId().equals(session.getId()))
                        + " " + (request instanceof HttpServletRequestWrapper);
            }
        }

        @Bean
        MapSessionRepository sessionRepository() {
            return new MapSessionRepository(STORE);
        }

        @Bean
        SecurityFilterChain web(HttpSecurity http) throws Exception {
            return http.authorizeHttpRequests(requests -> requests.anyRequest().authenticated())
                    .formLogin(withDefaults())
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
        context = new SpringApplicationBuilder(SpringSessionApplication.class)
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

    /** The one session cookie the response sets: Spring Session's, never the facade's own. */
    private static String sessionCookie(HttpResponse<String> response) {
        List<String> cookies = response.headers().allValues("set-cookie");
        assertThat(cookies).noneMatch(cookie -> cookie.startsWith("JSESSIONID="));
        assertThat(cookies).filteredOn(cookie -> cookie.startsWith("SESSION=")).hasSize(1);
        String header = cookies.stream().filter(cookie -> cookie.startsWith("SESSION=")).findFirst().orElseThrow();
        assertThat(header).contains("HttpOnly");
        return header.substring(0, header.indexOf(';'));
    }

    /** The repository's id of the session a cookie names (Spring Session's cookie holds it in Base64). */
    private static String sessionId(String cookie) {
        return new String(Base64.getDecoder().decode(cookie.substring("SESSION=".length())), StandardCharsets.UTF_8);
    }

    @Test
    void sessionsLiveInTheRepositoryForSecurityAndHandlers() throws Exception {
        HttpResponse<String> page = send("GET", "/login", null, null);
        assertThat(page.statusCode()).isEqualTo(200);
        String cookie = sessionCookie(page);
        assertThat(STORE).as("the CSRF token's session is the repository's").containsKey(sessionId(cookie));
        Matcher csrf = CSRF.matcher(page.body());
        assertThat(csrf.find()).isTrue();

        HttpResponse<String> login = send("POST", "/login", "username=admin&password=secret&_csrf=" + csrf.group(1),
                cookie);
        assertThat(login.statusCode()).isEqualTo(302);
        String loggedIn = sessionCookie(login);
        String id = sessionId(loggedIn);
        assertThat(id).as("the session id changes at login").isNotEqualTo(sessionId(cookie));
        assertThat(STORE).doesNotContainKey(sessionId(cookie)).containsKey(id);
        assertThat(STORE.get(id).getAttributeNames()).contains("SPRING_SECURITY_CONTEXT");

        HttpResponse<String> first = send("GET", "/visits", null, loggedIn);
        assertThat(first.statusCode()).isEqualTo(200);
        assertThat(first.body()).isEqualTo("admin 1 " + id + " true true");
        assertThat(first.headers().allValues("set-cookie")).as("the cookie is set once").isEmpty();
        assertThat(STORE.get(id).<Integer>getAttribute("visits")).isEqualTo(1);

        assertThat(send("GET", "/visits", null, loggedIn).body()).isEqualTo("admin 2 " + id + " true true");
        assertThat(STORE.get(id).<Integer>getAttribute("visits")).as("read back and written again")
                .isEqualTo(2);

        String logoutPage = send("GET", "/login", null, loggedIn).body();
        Matcher logoutCsrf = CSRF.matcher(logoutPage);
        assertThat(logoutCsrf.find()).isTrue();
        HttpResponse<String> logout = send("POST", "/logout", "_csrf=" + logoutCsrf.group(1), loggedIn);
        assertThat(logout.statusCode()).isEqualTo(302);
        assertThat(STORE).as("logout invalidates the repository's session").doesNotContainKey(id);
        assertThat(send("GET", "/visits", null, loggedIn).statusCode()).isEqualTo(302);
    }
}
