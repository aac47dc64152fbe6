package dev.brisk.client;

import dev.brisk.http.HttpServer;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** basicAuth / bearerAuth per request and per client, credentials in URLs, and redirects to other origins. */
class AuthenticationTest extends ClientTestSupport {

    private HttpServer echoAuthorization() {
        return server(request -> {
            if (request.path().startsWith("/go")) {
                request.response().status(302).header("Location", request.query("to").orElseThrow()).send("");
                return;
            }
            request.response().header("Content-Type", "text/plain")
                    .send(request.headers().get("authorization", "none") + " | " + request.headers().get("host", ""));
        });
    }

    private static String basic(String credentials) {
        return "Basic " + Base64.getEncoder().encodeToString(credentials.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void basicAndBearerPerRequest() {
        HttpServer server = echoAuthorization();
        BriskClient client = client();

        assertThat(client.get(url(server, "/a")).basicAuth("zoë", "p:w").send().bodyAsString())
                .startsWith(basic("zoë:p:w") + " |");
        assertThat(client.get(url(server, "/a")).bearerAuth("tok.en-1").send().bodyAsString())
                .startsWith("Bearer tok.en-1 |");
        assertThatThrownBy(() -> client.get(url(server, "/a")).basicAuth("a:b", "c"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void clientDefaultsGoWithEveryRequestUnlessTheRequestSetsItsOwn() {
        HttpServer server = echoAuthorization();
        BriskClient client = client(clientBuilder().bearerAuth("default-token"));
        BriskClient basic = client(clientBuilder().basicAuth("svc", "secret"));

        assertThat(client.get(url(server, "/a")).send().bodyAsString()).startsWith("Bearer default-token |");
        assertThat(client.get(url(server, "/a")).basicAuth("u", "p").send().bodyAsString())
                .startsWith(basic("u:p") + " |");
        assertThat(basic.get(url(server, "/a")).send().bodyAsString()).startsWith(basic("svc:secret") + " |");
        assertThat(basic.options().toString()).containsIgnoringCase("authorization: ***").containsIgnoringCase("user-agent")
                .doesNotContain(basic("svc:secret").substring(6));
    }

    @Test
    void credentialsStayWithTheirOriginAcrossRedirects() {
        HttpServer first = echoAuthorization();
        HttpServer other = echoAuthorization();
        BriskClient client = client(clientBuilder().bearerAuth("t"));

        String sameOrigin = client.get(url(first, "/go")).query("to", url(first, "/landing")).basicAuth("u", "p")
                .send().bodyAsString();
        String otherOrigin = client.get(url(first, "/go")).query("to", url(other, "/landing")).basicAuth("u", "p")
                .send().bodyAsString();
        String defaultOtherOrigin = client.get(url(first, "/go")).query("to", url(other, "/landing")).send()
                .bodyAsString();

        assertThat(sameOrigin).startsWith(basic("u:p") + " |");
        assertThat(otherOrigin).startsWith("none |");
        assertThat(defaultOtherOrigin).startsWith("none |");
    }

    @Test
    void credentialsInTheUrlAreSentAsBasicAuthAndNotInTheUrl() {
        HttpServer server = echoAuthorization();
        BriskClient client = client();

        HttpResponse response = client.get("http://al%40ice:s3cr%3At@127.0.0.1:" + server.port() + "/a").send();

        assertThat(response.bodyAsString()).isEqualTo(basic("al@ice:s3cr:t") + " | 127.0.0.1:" + server.port());
        assertThat(response.uri().getRawUserInfo()).isNull();
        assertThat(response.request().uri().toString()).doesNotContain("s3cr");
        assertThat(client.get("http://u:p@127.0.0.1:" + server.port() + "/a").basicAuth("x", "y").send()
                .bodyAsString()).startsWith(basic("x:y") + " |");
    }

    @Test
    void credentialsInTheUrlAreNeverInAMessage() {
        BriskClient client = client();

        Throwable refused = failure(client.get("http://user:hunter2@127.0.0.1:1/x").retryPolicy(RetryPolicy.NONE)
                .execute());
        Throwable invalid = catchFailure(() -> client.get("http://user:hunter2@127.0.0.1:80/a b^").send());

        assertThat(refused).isInstanceOf(HttpClientException.class);
        assertThat(refused.getMessage()).doesNotContain("hunter2");
        assertThat(invalid).isInstanceOf(IllegalArgumentException.class);
        assertThat(invalid.getMessage()).doesNotContain("hunter2").contains("***@");
    }

    private static Throwable catchFailure(Runnable action) {
        try {
            action.run();
        } catch (RuntimeException e) {
            return e;
        }
        throw new AssertionError("expected a failure");
    }
}
