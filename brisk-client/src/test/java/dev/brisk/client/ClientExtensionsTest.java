package dev.brisk.client;

import dev.brisk.http.HttpServer;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Advices and extension factories found through ServiceLoader (the SpiProbe classes), and the switch for them. */
class ClientExtensionsTest extends ClientTestSupport {

    /** Echoes the headers the probes set, and asks the decode probe to mark the body. */
    private HttpServer echoServer() {
        return server(request -> request.response().header("X-Probe-Decode", "on").send(
                "encoded=" + request.headers().get("x-probe-encoded", "-")
                        + " options=" + request.headers().get("x-factory-options", "-")
                        + " advice=" + request.headers().get("x-factory-advice", "-")));
    }

    @Test
    void serviceLoaderAdvicesAreAddedByDefault() {
        HttpServer server = echoServer();
        BriskClient client = client(BriskClient.builder().options(o -> o.ioThreads(1)));

        HttpResponse response = client.post(url(server, "/")).header("X-Probe-Encode", "on").body("12345").send();

        assertThat(response.bodyAs(String.class)).isEqualTo("encoded=spi 5 options=- advice=- (spi)");
        assertThat(response.bodyAsString()).isEqualTo("encoded=spi 5 options=- advice=-");
    }

    @Test
    void theInterceptorSwitchAlsoLeavesOutServiceLoaderAdvicesAndFactories() {
        HttpServer server = echoServer();
        BriskClient client = client(clientBuilder().defaultHeader(SpiProbeExtensionFactory.ENABLE, "on"));

        HttpResponse response = client.post(url(server, "/")).header("X-Probe-Encode", "on").body("12345").send();

        assertThat(response.bodyAs(String.class)).isEqualTo("encoded=- options=- advice=-");
    }

    @Test
    void aFactoryConfiguresItsExtensionsFromTheOptions() {
        HttpServer server = echoServer();
        BriskClient client = client(BriskClient.builder().options(o -> o.ioThreads(1).protocol(ProtocolPolicy.HTTP_1_1)
                .maxRedirects(3)).defaultHeader(SpiProbeExtensionFactory.ENABLE, "on"));

        assertThat(client.get(url(server, "/")).send().bodyAsString())
                .isEqualTo("encoded=- options=HTTP_1_1 3 advice=yes");
        assertThat(client.options().interceptors()).noneMatch(i -> i.getClass().getName()
                .startsWith(SpiProbeExtensionFactory.class.getName()));
    }

    @Test
    void aFactoryAddsNothingUnlessItsOptionsAskForIt() {
        HttpServer server = echoServer();
        BriskClient client = client(BriskClient.builder().options(o -> o.ioThreads(1)));

        assertThat(client.get(url(server, "/")).send().bodyAsString()).isEqualTo("encoded=- options=- advice=-");
    }

    @Test
    void aFailingFactoryFailsTheBuildNamingIt() {
        BriskClient.Builder builder = BriskClient.builder().options(o -> o.ioThreads(1))
                .defaultHeader(SpiProbeExtensionFactory.FAIL, "on");

        assertThatThrownBy(builder::build).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(SpiProbeExtensionFactory.class.getName() + ".interceptors")
                .hasRootCauseMessage("probe asked to fail");
    }
}
