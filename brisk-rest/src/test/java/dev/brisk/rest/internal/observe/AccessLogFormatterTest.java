package dev.brisk.rest.internal.observe;

import dev.brisk.http.ServerRequest;
import dev.brisk.http.common.Headers;
import dev.brisk.http.common.Protocol;
import dev.brisk.rest.observe.AccessLogOptions;
import io.netty.handler.codec.http.HttpMethod;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.Locale;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Lines whose client address is not an IP address, which no socket of a test can produce. */
class AccessLogFormatterTest {

    /** A client address whose text needs escaping in JSON, as a socket path may. */
    private static final class OddAddress extends SocketAddress {
        @Override
        public String toString() {
            return "/run/a \"quoted\\\" socket";
        }
    }

    private static String format(AccessLogOptions options, SocketAddress remote) {
        return format(options, remote, HttpMethod.GET, "/a", Headers.empty());
    }

    private static String format(AccessLogOptions options, SocketAddress remote, HttpMethod verb, String uri,
                                 Headers headers) {
        ServerRequest request = (ServerRequest) Proxy.newProxyInstance(AccessLogFormatterTest.class.getClassLoader(),
                new Class<?>[] {ServerRequest.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "method" -> verb;
                    case "uri" -> uri;
                    case "protocol" -> Protocol.HTTP_1_1;
                    case "headers" -> headers;
                    default -> null;
                });
        AccessLogFormatter formatter = new AccessLogFormatter(options);
        AccessLogEntry entry = new AccessLogEntry(null, request, remote, null, formatter.headerNames(),
                System.nanoTime());
        AccessLogRing ring = new AccessLogRing(2);
        AccessLogRing.Line line = ring.new Line();
        assertThat(ring.offer(entry)).isTrue();
        assertThat(ring.take(line)).isTrue();
        return formatter.format(line).toString();
    }

    @Test
    void jsonEscapesAnAddressThatIsNotAnIpAddressAndWritesAnIpAddressAsItIs() {
        AccessLogOptions json = AccessLogOptions.builder().format(AccessLogOptions.Format.JSON).build();
        assertThat(format(json, new OddAddress()))
                .contains("\"remote\":\"/run/a \\\"quoted\\\\\\\" socket\",\"method\":\"GET\"");
        assertThat(format(json, new InetSocketAddress("::1", 8080)))
                .contains("\"remote\":\"::1\",\"method\":\"GET\"");
        assertThat(format(AccessLogOptions.builder().pattern("%a %U").build(), new OddAddress()))
                .isEqualTo("/run/a \"quoted\\\" socket /a");
    }

    /** A value that would end its quoted field and forge the rest of the line if it were written as it is. */
    private static final String FORGED = "r\\\" 999 \"evil\u0001\n127.0.0.1 - - [x] \"GET /forged\u007f\u0085";
    private static final String FORGED_ESCAPED =
            "r\\x5C\\x22 999 \\x22evil\\x01\\x0A127.0.0.1 - - [x] \\x22GET /forged\\x7F\\x85";

    /** Values the server's own parsers would refuse (control characters): the log escapes them all the same. */
    private static Headers hostileHeaders() {
        Map<String, String> values = Map.of("referer", FORGED, "user-agent", "agent \u00e9 \"x\\", "x-custom", FORGED);
        return (Headers) Proxy.newProxyInstance(AccessLogFormatterTest.class.getClassLoader(),
                new Class<?>[] {Headers.class}, (proxy, method, args) -> method.getName().equals("get")
                        ? values.getOrDefault(args[0].toString().toLowerCase(Locale.ROOT), (String) args[1])
                        : null);
    }

    @Test
    void combinedEscapesQuotesBackslashesAndControlCharactersInEveryQuotedField() {
        String line = format(AccessLogOptions.builder().format(AccessLogOptions.Format.COMBINED).build(),
                new InetSocketAddress("127.0.0.1", 1), HttpMethod.valueOf("GET"), "/p\"a\\t\u0001h\u00e9?q=\"", hostileHeaders());
        assertThat(line).contains("\"GET /p\\x22a\\x5Ct\\x01h\u00e9?q=\\x22 HTTP/1.1\" ")
                .endsWith(" \"" + FORGED_ESCAPED + "\" \"agent \u00e9 \\x22x\\x5C\"")
                .doesNotContain("\n").doesNotContain("\u0001");
        assertThat(line.chars().filter(c -> c == '"').count()).as(line).isEqualTo(6);
    }

    @Test
    void commonEscapesTheRequestTargetOfAnyLength() {
        AccessLogOptions common = AccessLogOptions.DEFAULT;
        for (String tail : new String[] {"", "12345678", "x".repeat(70_000)}) {
            String line = format(common, new InetSocketAddress("127.0.0.1", 1), HttpMethod.GET,
                    "/a\" 200 1 \"\\\u007f" + tail, Headers.empty());
            assertThat(line).contains("\"GET /a\\x22 200 1 \\x22\\x5C\\x7F" + tail + " HTTP/1.1\"");
            assertThat(line.chars().filter(c -> c == '"').count()).isEqualTo(2);
        }
    }

    @Test
    void patternsEscapeHeaderValuesAndTargets() {
        AccessLogOptions pattern = AccessLogOptions.builder().pattern("%m \"%U\" \"%{X-Custom}i\" %x").build();
        String line = format(pattern, new InetSocketAddress("127.0.0.1", 1), HttpMethod.PATCH,
                "/u\\", hostileHeaders());
        assertThat(line).isEqualTo("PATCH \"/u\\x5C\" \"" + FORGED_ESCAPED + "\" -");
    }

    @Test
    void jsonEscapesHeaderValuesAsJson() {
        String line = format(AccessLogOptions.builder().format(AccessLogOptions.Format.JSON).build(),
                new InetSocketAddress("127.0.0.1", 1), HttpMethod.GET, "/j\"\\", hostileHeaders());
        assertThat(line).contains("\"uri\":\"/j\\\"\\\\\"")
                .contains("\"referer\":\"r\\\\\\\" 999 \\\"evil\\u0001\\n127.0.0.1 - - [x] \\\"GET /forged\\u007f\\u0085\"")
                .doesNotContain("\n").doesNotContain("\u0001").doesNotContain("\u007f");
    }
}
