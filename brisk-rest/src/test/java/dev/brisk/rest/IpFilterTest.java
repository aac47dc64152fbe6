package dev.brisk.rest;

import dev.brisk.rest.protect.ForwardedHeader;
import dev.brisk.rest.protect.IpFilter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import java.nio.file.Files;
import java.nio.file.Path;
import static dev.brisk.rest.RestTestSupport.get;
import static dev.brisk.rest.RestTestSupport.server;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** IP allow and deny lists, by path, behind trusted proxies. */
class IpFilterTest {

    private BriskServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private BriskServer.Builder routes() {
        return server().get("/public", ctx -> ctx.send("public")).get("/admin/users", ctx -> ctx.send("users"));
    }

    @Test
    void aDeniedPeerGets403() throws Exception {
        server = routes().protection(p -> p.ipFilter(IpFilter.deny("127.0.0.0/8"))).start();
        HttpResponse<String> response = get(server, "/public");
        assertThat(response.statusCode()).isEqualTo(403);
        assertThat(response.headers().firstValue("content-type")).hasValue("application/problem+json");
        assertThat(response.body()).contains("\"status\":403").contains("client address is not allowed");
    }

    @Test
    void anAllowListAdmitsOnlyItsRanges() throws Exception {
        server = routes().protection(p -> p.ipFilter(IpFilter.allow("10.0.0.0/8", "127.0.0.1"))).start();
        assertThat(get(server, "/public").statusCode()).isEqualTo(200);
        server.close();
        server = routes().protection(p -> p.ipFilter(IpFilter.allow("10.0.0.0/8", "2001:db8::/32"))).start();
        assertThat(get(server, "/public").statusCode()).isEqualTo(403);
    }

    @Test
    void denyWinsOverAllow() throws Exception {
        server = routes().protection(p -> p.ipFilter(IpFilter.builder().allow("127.0.0.0/8").deny("127.0.0.1").build()))
                .start();
        assertThat(get(server, "/public").statusCode()).isEqualTo(403);
    }

    @Test
    void aFilterOnSomePathsLeavesTheOthersOpen() throws Exception {
        server = routes().options(o -> o.contextPath("/api"))
                .protection(p -> p.ipFilter(IpFilter.builder().paths("/admin/**").allow("10.0.0.0/8").build())).start();
        assertThat(get(server, "/api/admin/users").statusCode()).isEqualTo(403);
        assertThat(get(server, "/api/public").statusCode()).isEqualTo(200);
    }

    @Test
    void aPathFilterSeesThePathRoutingSees() throws Exception {
        server = routes().options(o -> o.contextPath("/api"))
                .protection(p -> p.ipFilter(IpFilter.builder().paths("/admin/**").allow("10.0.0.0/8").build())).start();
        // matrix parameters are removed before routing: the filter must not see a different path
        for (String path : new String[] {"/api/admin;x=1/users", "/api/admin;/users", "/api/admin/users;v=2",
                "/api/admin;a=b;c=d/users"}) {
            assertThat(get(server, path).statusCode()).as(path).isEqualTo(403);
        }
        // whatever routing makes of other spellings, none of them reaches the route past the filter
        for (String path : new String[] {"/api/%61dmin/users", "/api/admin/users/", "/api//admin/users",
                "/api/admin/./users", "/api/x/../admin/users", "/api/ADMIN/users"}) {
            assertThat(get(server, path).statusCode()).as(path).isNotEqualTo(200);
        }
        assertThat(get(server, "/api/public;x=1").statusCode()).isEqualTo(200);
    }

    @Test
    void forwardedAddressesAreIgnoredUnlessThePeerIsATrustedProxy() throws Exception {
        server = routes().protection(p -> p.ipFilter(IpFilter.allow("203.0.113.0/24"))).start();
        assertThat(get(server, "/public", "X-Forwarded-For", "203.0.113.7").statusCode()).isEqualTo(403);
    }

    @Test
    void behindTrustedProxiesTheRightMostUntrustedAddressIsTheClient() throws Exception {
        server = routes().protection(p -> p.trustedProxies("127.0.0.1", "10.0.0.0/8")
                .ipFilter(IpFilter.allow("203.0.113.0/24"))).start();
        assertThat(get(server, "/public", "X-Forwarded-For", "203.0.113.7").statusCode()).isEqualTo(200);
        assertThat(get(server, "/public", "X-Forwarded-For", "198.51.100.1").statusCode()).isEqualTo(403);
        // the client, then two proxies of ours
        assertThat(get(server, "/public", "X-Forwarded-For", "203.0.113.7, 10.1.1.1, 10.2.2.2").statusCode())
                .isEqualTo(200);
        // a client that claims an allowed address in front of its own: the proxy appended the real one
        assertThat(get(server, "/public", "X-Forwarded-For", "203.0.113.7, 198.51.100.9").statusCode())
                .isEqualTo(403);
        assertThat(get(server, "/public", "X-Forwarded-For", "unknown").statusCode()).isEqualTo(403);
        // no report at all: the proxy itself is the nearest address known
        assertThat(get(server, "/public").statusCode()).isEqualTo(403);
    }

    @Test
    void aPathFilterSeesTheDecodedPathThatVariablesAndStaticFilesSee() throws Exception {
        Path root = Files.createTempDirectory("ipfilter");
        Files.createDirectories(root.resolve("sub"));
        Files.writeString(root.resolve("sub/page.html"), "<p>page</p>");
        server = server().get("/t/{tenant}/r", ctx -> ctx.send("tenant=" + ctx.pathParam("tenant")))
                .web(w -> w.staticFiles("/files", root))
                .protection(p -> p.ipFilter(IpFilter.builder().paths("/files/sub/**", "/t/internal/**")
                .deny("0.0.0.0/0", "::/0")
                        .build())).start();
        for (String path : new String[] {"/t/internal/r", "/t/%69nternal/r", "/t/%69%6E%74ernal/r",
                "/files/sub/page.html", "/files/%73ub/page.html", "/files//sub/page.html", "/files/./sub/page.html",
                "/files/x/../sub/page.html", "/files/sub%2Fpage.html", "/files/%73ub"}) {
            assertThat(get(server, path).statusCode()).as(path).isEqualTo(403);
        }
        assertThat(get(server, "/t/external/r").body()).isEqualTo("tenant=external");
    }

    @Test
    void onlyTheConfiguredForwardingHeaderIsBelieved() throws Exception {
        // the proxy writes X-Forwarded-For (the default): a Forwarded header is the client's own and is ignored
        server = routes().protection(p -> p.trustedProxies("127.0.0.1").ipFilter(IpFilter.builder().paths("/admin/**")
                .allow("192.168.0.0/16").build()).ipFilter(IpFilter.deny("203.0.113.0/24"))).start();
        assertThat(get(server, "/admin/users", "Forwarded", "for=192.168.1.5", "X-Forwarded-For", "6.6.6.6")
                .statusCode()).isEqualTo(403);
        assertThat(get(server, "/admin/users", "X-Forwarded-For", "192.168.1.5").statusCode()).isEqualTo(200);
        for (String forwarded : new String[] {"by=1.2.3.4", "for=", "garbage"}) {
            assertThat(get(server, "/public", "Forwarded", forwarded, "X-Forwarded-For", "203.0.113.7")
                    .statusCode()).as(forwarded).isEqualTo(403);
        }
        // a report that is no address cannot pass a deny list it cannot be checked against
        assertThat(get(server, "/public", "X-Forwarded-For", "unknown").statusCode()).isEqualTo(403);
        assertThat(get(server, "/public", "X-Forwarded-For", "198.51.100.1").statusCode()).isEqualTo(200);
    }

    @Test
    void theForwardedHeaderCarriesIpv6WhenChosen() throws Exception {
        server = routes().protection(p -> p.trustedProxies("127.0.0.1").forwardedHeader(ForwardedHeader.FORWARDED)
                .ipFilter(IpFilter.allow("2001:db8::/32"))).start();
        assertThat(get(server, "/public", "Forwarded", "for=\"[2001:db8:cafe::17]:4711\";proto=https").statusCode())
                .isEqualTo(200);
        assertThat(get(server, "/public", "Forwarded", "for=198.51.100.1, for=\"[2001:db8::1]\"",
                "X-Forwarded-For", "198.51.100.1").statusCode()).isEqualTo(200);
        assertThat(get(server, "/public", "Forwarded", "for=\"[2001:db8::1]\", for=198.51.100.1",
                "X-Forwarded-For", "2001:db8::1").statusCode()).isEqualTo(403);
        assertThat(get(server, "/public", "Forwarded", "for=_hidden").statusCode()).isEqualTo(403);
        // an element without for= is no address: refused even by a server that only denies
        server.close();
        server = routes().protection(p -> p.trustedProxies("127.0.0.1").forwardedHeader(ForwardedHeader.FORWARDED)
                .ipFilter(IpFilter.deny("203.0.113.0/24"))).start();
        assertThat(get(server, "/public", "Forwarded", "by=1.2.3.4").statusCode()).isEqualTo(403);
        assertThat(get(server, "/public", "X-Forwarded-For", "203.0.113.7").statusCode()).isEqualTo(200);
    }

    @Test
    void anIpv6PeerIsMatchedAgainstIpv6Ranges() throws Exception {
        Assumptions.assumeTrue(ipv6Loopback(), "no IPv6 loopback on this machine");
        server = Brisk.server().port(0).host("::1").get("/public", ctx -> ctx.send("public"))
                .protection(p -> p.ipFilter(IpFilter.builder().allow("::1/128").deny("10.0.0.0/8").build())).start();
        HttpClient client = HttpClient.newHttpClient();
        URI uri = URI.create("http://[::1]:" + server.port() + "/public");
        assertThat(client.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString())
                .statusCode()).isEqualTo(200);
        server.close();
        server = Brisk.server().port(0).host("::1").get("/public", ctx -> ctx.send("public"))
                .protection(p -> p.ipFilter(IpFilter.deny("::/0"))).start();
        uri = URI.create("http://[::1]:" + server.port() + "/public");
        assertThat(client.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString())
                .statusCode()).isEqualTo(403);
    }

    @Test
    void rangesAreValidatedAtStartup() {
        assertThatThrownBy(() -> IpFilter.allow("10.0.0.0/40"))
                .hasMessage("prefix length out of range in '10.0.0.0/40'");
        assertThatThrownBy(() -> Brisk.server().protection(p -> p.trustedProxies("proxy.example.com").options()))
                .hasMessage("not an IP address or CIDR range: 'proxy.example.com'");
        assertThatThrownBy(() -> IpFilter.builder().paths("admin").build())
                .hasMessage("paths must start with '/': admin");
    }

    private static boolean ipv6Loopback() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName("::1"))) {
            return true;
        } catch (Exception e) {
            return false;
        }
    }
}
