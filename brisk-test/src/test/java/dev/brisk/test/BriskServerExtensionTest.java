package dev.brisk.test;

import dev.brisk.rest.Brisk;
import dev.brisk.rest.BriskServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/** The JUnit extension starts a real server on an ephemeral port and injects a socket client. */
class BriskServerExtensionTest {

    @RegisterExtension
    static final BriskServerExtension SERVER = BriskServerExtension.of(() -> Brisk.server()
            .get("/hello/{name}", ctx -> ctx.send("hello " + ctx.pathParam("name"))));

    @Test
    void injectsAClientThatTalksOverASocket(TestClient client, BriskServer server) {
        assertThat(server.port()).isPositive();
        TestResponse response = client.get("/hello/ada").execute();
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("hello ada");
        assertThat(response.header("content-length")).hasValue("9");
        assertThat(server.http().metrics().requestsTotal()).isPositive();
    }

    @Test
    void sameAnswersInProcessAndOverTheSocket(BriskServer server) {
        TestResponse viaSocket = BriskTest.http(server).get("/hello/bo").execute();
        TestResponse inProcess = BriskTest.client(server).get("/hello/bo").execute();
        assertThat(inProcess.status()).isEqualTo(viaSocket.status());
        assertThat(inProcess.body()).isEqualTo(viaSocket.body());
        assertThat(inProcess.header("content-type")).isEqualTo(viaSocket.header("content-type"));
    }
}
