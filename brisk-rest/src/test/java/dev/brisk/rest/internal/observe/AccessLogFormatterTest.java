package dev.brisk.rest.internal.observe;

import dev.brisk.http.ServerRequest;
import dev.brisk.http.common.Protocol;
import dev.brisk.rest.AccessLogOptions;
import io.netty.handler.codec.http.HttpMethod;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.net.InetSocketAddress;
import java.net.SocketAddress;

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
        ServerRequest request = (ServerRequest) Proxy.newProxyInstance(AccessLogFormatterTest.class.getClassLoader(),
                new Class<?>[] {ServerRequest.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "method" -> HttpMethod.GET;
                    case "uri" -> "/a";
                    case "protocol" -> Protocol.HTTP_1_1;
                    case "headers" -> dev.brisk.http.common.Headers.empty();
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
}
