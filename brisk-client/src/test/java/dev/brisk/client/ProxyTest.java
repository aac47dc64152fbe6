package dev.brisk.client;

import dev.brisk.http.HttpHandler;
import dev.brisk.http.HttpServer;
import dev.brisk.transport.SelfSignedCertificate;
import dev.brisk.transport.TlsOptions;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** HTTP CONNECT and SOCKS5 proxies written in the test, counting the tunnels they open. */
class ProxyTest extends ClientTestSupport {

    private static final HttpHandler ECHO = request -> request.response()
            .header("x-protocol", request.protocol().name())
            .send(request.method() + " " + request.path() + " " + request.bodyAsString());

    private BriskClient proxiedClient(ProxyOptions proxy) {
        return client(clientBuilder().options(o -> o.ioThreads(1).proxy(proxy)));
    }

    @Test
    void httpConnectProxyCarriesRequestsAndKeepsTheTunnel() throws Exception {
        HttpServer server = server(ECHO);
        TestProxy proxy = closeLater(new TestProxy(TestProxy.Kind.HTTP, null, null));
        BriskClient client = proxiedClient(ProxyOptions.http("127.0.0.1", proxy.port()));

        assertThat(client.get("http://localhost:" + server.port() + "/a").send().bodyAsString())
                .isEqualTo("GET /a ");
        assertThat(client.post("http://localhost:" + server.port() + "/b").body("x").send().bodyAsString())
                .isEqualTo("POST /b x");
        assertThat(proxy.tunnels()).isEqualTo(1);
        assertThat(proxy.targets()).containsExactly("localhost:" + server.port());
    }

    @Test
    void httpConnectProxyWithCredentials() throws Exception {
        HttpServer server = server(ECHO);
        TestProxy proxy = closeLater(new TestProxy(TestProxy.Kind.HTTP, "user", "secret"));
        BriskClient client = proxiedClient(ProxyOptions.http("127.0.0.1", proxy.port()).credentials("user", "secret"));

        assertThat(client.get(url(server, "/auth")).send().bodyAsString()).isEqualTo("GET /auth ");
        assertThat(proxy.tunnels()).isEqualTo(1);
    }

    @Test
    void wrongProxyCredentialsFailWithTypedError() throws Exception {
        HttpServer server = server(ECHO);
        for (TestProxy.Kind kind : TestProxy.Kind.values()) {
            TestProxy proxy = closeLater(new TestProxy(kind, "user", "secret"));
            ProxyOptions options = (kind == TestProxy.Kind.HTTP ? ProxyOptions.http("127.0.0.1", proxy.port())
                    : ProxyOptions.socks5("127.0.0.1", proxy.port())).credentials("user", "wrong");
            Throwable failure = failure(proxiedClient(options).get(url(server, "/")).execute());

            assertThat(failure).as(kind.name()).isInstanceOf(ProxyAuthenticationException.class)
                    .hasMessageContaining("127.0.0.1:" + server.port());
            assertThat(proxy.tunnels()).isZero();
        }
    }

    @Test
    void socks5ProxyWithAndWithoutCredentials() throws Exception {
        HttpServer server = server(ECHO);
        TestProxy open = closeLater(new TestProxy(TestProxy.Kind.SOCKS5, null, null));
        TestProxy guarded = closeLater(new TestProxy(TestProxy.Kind.SOCKS5, "user", "secret"));

        assertThat(proxiedClient(ProxyOptions.socks5("127.0.0.1", open.port())).get(url(server, "/s")).send()
                .bodyAsString()).isEqualTo("GET /s ");
        assertThat(proxiedClient(ProxyOptions.socks5("127.0.0.1", guarded.port()).credentials("user", "secret"))
                .get("http://localhost:" + server.port() + "/g").send().bodyAsString()).isEqualTo("GET /g ");
        assertThat(open.tunnels()).isEqualTo(1);
        assertThat(guarded.targets()).containsExactly("localhost:" + server.port());
    }

    @Test
    void tlsAndHttp2GoThroughTheTunnel() throws Exception {
        SelfSignedCertificate certificate = SelfSignedCertificate.create("localhost");
        HttpServer server = server(HttpServer.builder().tls(TlsOptions.of(certificate.privateKey(),
                certificate.certificate())), ECHO);
        TestProxy proxy = closeLater(new TestProxy(TestProxy.Kind.HTTP, null, null));
        BriskClient client = client(clientBuilder().options(o -> o.ioThreads(1)
                .proxy(ProxyOptions.http("127.0.0.1", proxy.port())))
                .tls(TlsOptions.builder().trustCertificates(certificate.certificate()).build()));

        HttpResponse response = client.get("https://localhost:" + server.port() + "/tls").send();

        assertThat(response.bodyAsString()).isEqualTo("GET /tls ");
        assertThat(response.header("x-protocol")).contains("HTTP_2");
        assertThat(proxy.tunnels()).isEqualTo(1);
    }

    @Test
    void noProxyHostsAreReachedDirectly() throws Exception {
        HttpServer server = server(ECHO);
        TestProxy proxy = closeLater(new TestProxy(TestProxy.Kind.HTTP, null, null));
        BriskClient client = proxiedClient(ProxyOptions.http("127.0.0.1", proxy.port()).noProxy("127.0.0.1"));

        assertThat(client.get(url(server, "/direct")).send().bodyAsString()).isEqualTo("GET /direct ");
        assertThat(proxy.tunnels()).isZero();
    }

    @Test
    void noProxyPatterns() {
        ProxyOptions proxy = ProxyOptions.http("p", 1).noProxy("*.internal", ".corp", "exact.host");
        assertThat(proxy.appliesTo("a.b.internal")).isFalse();
        assertThat(proxy.appliesTo("internal")).isFalse();
        assertThat(proxy.appliesTo("x.corp")).isFalse();
        assertThat(proxy.appliesTo("EXACT.host")).isFalse();
        assertThat(proxy.appliesTo("other.host")).isTrue();
        assertThat(proxy.appliesTo("notinternal")).isTrue();
    }
}
