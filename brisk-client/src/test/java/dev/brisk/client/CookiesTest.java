package dev.brisk.client;

import dev.brisk.http.HttpServer;
import org.junit.jupiter.api.Test;

import java.net.CookieManager;
import java.net.HttpCookie;

import static org.assertj.core.api.Assertions.assertThat;

/** cookieHandler(...): cookies stored from responses and sent on later requests and redirects, by RFC 6265 rules. */
class CookiesTest extends ClientTestSupport {

    private HttpServer cookieServer() {
        return server(request -> {
            switch (request.path()) {
                case "/login" -> {
                    request.response().headers().add("Set-Cookie", "session=abc; Path=/; HttpOnly")
                            .add("Set-Cookie", "scoped=1; Path=/api").add("Set-Cookie", "safe=2; Path=/; Secure");
                    request.response().send("in");
                }
                case "/login-and-go" -> request.response().status(302).header("Location", "/api/me")
                        .header("Set-Cookie", "session=via-redirect; Path=/").send("");
                case "/logout" -> request.response().header("Set-Cookie", "session=; Path=/; Max-Age=0").send("out");
                default -> request.response().header("Content-Type", "text/plain")
                        .send(request.headers().get("cookie", "none"));
            }
        });
    }

    @Test
    void cookiesFromAResponseGoWithLaterRequestsByPathAndSecurity() {
        HttpServer server = cookieServer();
        CookieManager cookies = new CookieManager();
        BriskClient client = client(clientBuilder().cookieHandler(cookies));

        assertThat(client.get(url(server, "/me")).send().bodyAsString()).isEqualTo("none");
        client.post(url(server, "/login")).send();

        assertThat(client.get(url(server, "/me")).send().bodyAsString()).isEqualTo("session=abc");
        assertThat(client.get(url(server, "/api/me")).send().bodyAsString()).contains("session=abc")
                .contains("scoped=1").doesNotContain("safe");
        assertThat(cookies.getCookieStore().getCookies())
                .extracting(HttpCookie::getName).contains("session", "scoped", "safe");

        client.post(url(server, "/logout")).send();
        assertThat(client.get(url(server, "/me")).send().bodyAsString()).isEqualTo("none");
    }

    @Test
    void theRequestsOwnCookiesComeFirst() {
        HttpServer server = cookieServer();
        BriskClient client = client(clientBuilder().cookieHandler(new CookieManager()));
        client.post(url(server, "/login")).send();

        assertThat(client.get(url(server, "/me")).cookie("own", "x").send().bodyAsString())
                .isEqualTo("own=x; session=abc");
    }

    @Test
    void aCookieSetOnARedirectGoesWithTheRequestItLeadsTo() {
        HttpServer server = cookieServer();
        BriskClient client = client(clientBuilder().cookieHandler(new CookieManager()));

        HttpResponse response = client.get(url(server, "/login-and-go")).send();

        assertThat(response.uri().getPath()).isEqualTo("/api/me");
        assertThat(response.bodyAsString()).isEqualTo("session=via-redirect");
    }

    @Test
    void withoutAHandlerSetCookieIsIgnored() {
        HttpServer server = cookieServer();
        BriskClient client = client();
        client.post(url(server, "/login")).send();

        assertThat(client.get(url(server, "/me")).send().bodyAsString()).isEqualTo("none");
    }
}
