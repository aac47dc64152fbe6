package dev.brisk.spring.boot.servletapi;

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
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Spring Security's remember-me on the form-login application, through real sockets: the cookie a login with
 * remember-me sets, a new client authenticated by that cookie alone (and then by the session it gets), and logout
 * clearing it.
 */
@Tag("servlet-api")
class RememberMeTest {

    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private static final Pattern CSRF = Pattern.compile("name=\"_csrf\" type=\"hidden\" value=\"([^\"]+)\"");
    private static ConfigurableApplicationContext context;
    private static int port;

    @BeforeAll
    static void start() {
        context = new SpringApplicationBuilder(FormLoginTest.FormLoginApplication.class)
                .properties("server.port=0", "logging.level.root=warn").run();
        port = ((WebServerApplicationContext) context).getWebServer().getPort();
    }

    @AfterAll
    static void stop() {
        context.close();
    }

    private static HttpResponse<String> send(String method, String path, String form, String cookies)
            throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .method(method, form == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(form));
        if (form != null) {
            request.header("content-type", "application/x-www-form-urlencoded");
        }
        if (cookies != null) {
            request.header("cookie", cookies);
        }
        return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** The whole Set-Cookie header of the cookie {@code name}, or null. */
    private static String setCookie(HttpResponse<String> response, String name) {
        return response.headers().allValues("set-cookie").stream().filter(header -> header.startsWith(name + "="))
                .findFirst().orElse(null);
    }

    /** The {@code name=value} pair that the response sets. */
    private static String cookie(HttpResponse<String> response, String name) {
        String header = setCookie(response, name);
        assertThat(header).as("Set-Cookie " + name).isNotNull();
        return header.substring(0, header.indexOf(';'));
    }

    private static String csrfToken(String sessionCookie) throws Exception {
        HttpResponse<String> page = send("GET", "/login", null, sessionCookie);
        Matcher matcher = CSRF.matcher(page.body());
        assertThat(matcher.find()).as("a CSRF field in the login page").isTrue();
        return matcher.group(1);
    }

    @Test
    void aLoginWithRememberMeOutlivesTheSessionUntilLogout() throws Exception {
        String session = cookie(send("GET", "/login", null, null), "JSESSIONID");
        HttpResponse<String> login = send("POST", "/login", "username=admin&password=secret&remember-me=on&_csrf="
                + csrfToken(session), session);
        assertThat(login.statusCode()).isEqualTo(302);
        String header = setCookie(login, "remember-me");
        assertThat(header).as("the remember-me cookie").isNotNull()
                .contains("; Max-Age=1209600").contains("; Path=/").contains("; HttpOnly");
        String rememberMe = cookie(login, "remember-me");

        HttpResponse<String> withoutLogin = send("GET", "/hello", null, null);
        assertThat(withoutLogin.statusCode()).as("a client without the cookie logs in").isEqualTo(302);

        HttpResponse<String> remembered = send("GET", "/hello", null, rememberMe);
        assertThat(remembered.statusCode()).as("a new client with only the cookie").isEqualTo(200);
        assertThat(remembered.body()).isEqualTo("hello admin");
        String newSession = cookie(remembered, "JSESSIONID");
        assertThat(send("GET", "/hello", null, newSession).body()).as("then its session").isEqualTo("hello admin");

        HttpResponse<String> logout = send("POST", "/logout", "_csrf=" + csrfToken(newSession),
                newSession + "; " + rememberMe);
        assertThat(logout.statusCode()).isEqualTo(302);
        assertThat(logout.headers().firstValue("location")).get().asString().endsWith("/login?logout");
        assertThat(setCookie(logout, "remember-me")).as("logout clears the cookie").startsWith("remember-me=;")
                .contains("Max-Age=0");

        HttpResponse<String> afterLogout = send("GET", "/hello", null, newSession);
        assertThat(afterLogout.statusCode()).as("the session is gone with the logout").isEqualTo(302);
        assertThat(afterLogout.headers().firstValue("location")).hasValue("http://127.0.0.1:" + port + "/login");
    }
}
