package dev.brisk.client;

import dev.brisk.transport.SelfSignedCertificate;
import dev.brisk.transport.TlsOptions;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.security.KeyStore;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Mutual TLS against a JDK {@link SSLServerSocket} that requires a client certificate (brisk-http's server does not
 * ask for one), answering with the subject of the certificate it got.
 */
class MutualTlsTest extends ClientTestSupport {

    private static final SelfSignedCertificate SERVER = SelfSignedCertificate.create("localhost");
    private static final SelfSignedCertificate CLIENT = SelfSignedCertificate.create("client.example");

    private SSLServerSocket server() throws Exception {
        KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keys.init(SERVER.keyStore("pw".toCharArray()), "pw".toCharArray());
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(CLIENT.trustStore());
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(keys.getKeyManagers(), trust.getTrustManagers(), null);
        SSLServerSocket socket = (SSLServerSocket) context.getServerSocketFactory()
                .createServerSocket(0, 10, InetAddress.getLoopbackAddress());
        socket.setNeedClientAuth(true);
        Thread acceptor = new Thread(() -> {
            while (!socket.isClosed()) {
                try (SSLSocket connection = (SSLSocket) socket.accept()) {
                    BufferedReader in = new BufferedReader(new InputStreamReader(connection.getInputStream(),
                            StandardCharsets.ISO_8859_1));
                    String line;
                    while ((line = in.readLine()) != null && !line.isEmpty()) {
                        // skip the request head
                    }
                    String subject = connection.getSession().getPeerPrincipal().getName();
                    connection.getOutputStream().write(("HTTP/1.1 200 OK\r\nContent-Length: " + subject.length()
                            + "\r\nConnection: close\r\n\r\n" + subject).getBytes(StandardCharsets.ISO_8859_1));
                    connection.getOutputStream().flush();
                } catch (IOException e) {
                    // a client without a certificate ends up here; keep accepting
                }
            }
        }, "mtls-server");
        acceptor.setDaemon(true);
        acceptor.start();
        return closeLater(socket);
    }

    @Test
    void clientCertificateIsPresented() throws Exception {
        SSLServerSocket server = server();
        KeyStore keyStore = CLIENT.keyStore("secret".toCharArray());
        BriskClient client = client(clientBuilder().tls(TlsOptions.builder()
                .trustCertificates(SERVER.certificate())
                .keyStore(keyStore, "secret".toCharArray())
                .build()));

        HttpResponse response = client.get("https://localhost:" + server.getLocalPort() + "/who").send();

        assertThat(response.bodyAsString()).isEqualTo("CN=client.example");
    }

    @Test
    void clientCertificateGivenAsKeyAndChain() throws Exception {
        SSLServerSocket server = server();
        BriskClient client = client(clientBuilder().tls(TlsOptions.builder()
                .trustCertificates(SERVER.certificate())
                .identity(CLIENT.privateKey(), CLIENT.certificate())
                .build()));

        assertThat(client.get("https://localhost:" + server.getLocalPort() + "/").send().bodyAsString())
                .isEqualTo("CN=client.example");
    }

    @Test
    void missingClientCertificateFails() throws Exception {
        SSLServerSocket server = server();
        BriskClient client = client(clientBuilder().options(o -> o.retryPolicy(RetryPolicy.NONE))
                .tls(TlsOptions.builder().trustCertificates(SERVER.certificate()).build()));

        Throwable failure = failure(client.get("https://localhost:" + server.getLocalPort() + "/").execute());

        assertThat(failure).isInstanceOf(HttpClientException.class)
                .hasMessageContaining("localhost:" + server.getLocalPort());
    }
}
