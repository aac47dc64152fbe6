package dev.brisk.client;

import dev.brisk.http.HttpServer;
import dev.brisk.http.testing.ReliabilityReport;
import dev.brisk.transport.SelfSignedCertificate;
import dev.brisk.transport.TlsOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.security.PrivateKey;
import java.security.cert.CertPathBuilderException;
import java.security.cert.CertificateException;
import java.security.cert.CertificateExpiredException;
import java.security.cert.CertificateNotYetValidException;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.SSLHandshakeException;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Server certificates the client must refuse, each against a certificate authority the client trusts: an expired
 * certificate, one for another host name (host name verification is on without being asked for), and one from an
 * issuer outside the trust store. Every refusal is a {@link TlsHandshakeException} whose message names the host and
 * the problem and whose causes carry the JDK's reason; nothing reaches the server and nothing is retried.
 */
@Timeout(20)
class TlsFailuresTest extends ClientTestSupport {

    private static final String AREA = "client failures";
    private static final TestCertificates.Authority CA = TestCertificates.authority("Brisk Test CA");

    private HttpServer tlsServer(PrivateKey key, X509Certificate... chain) {
        return server(HttpServer.builder().tls(TlsOptions.of(key, chain)),
                request -> request.response().send("reached"));
    }

    private HttpServer tlsServer(TestCertificates.Issued issued) {
        return tlsServer(issued.key(), issued.chain());
    }

    /** A client with default settings except that it trusts the test authority instead of the JDK's list. */
    private BriskClient trustingTheAuthority() {
        return client(clientBuilder().tls(TlsOptions.builder().trustCertificates(CA.certificate()).build()));
    }

    /** A refused call: the failure and how long the call took. */
    private record Refusal(Throwable failure, long millis) {
        String describe() {
            StringBuilder text = new StringBuilder(failure.getClass().getSimpleName());
            for (Throwable cause : causes(failure)) {
                text.append(" <- ").append(cause.getClass().getSimpleName());
            }
            return text.append(" after ").append(millis).append(" ms: \"").append(failure.getMessage()).append('"')
                    .toString();
        }
    }

    /** Calls {@code url} and checks what every refused handshake has in common. */
    private Refusal refused(BriskClient client, HttpServer server, String url) {
        long start = System.nanoTime();
        Throwable failure = failure(client.get(url).execute());
        long millis = Duration.ofNanos(System.nanoTime() - start).toMillis();

        assertThat(failure).isInstanceOf(TlsHandshakeException.class)
                .hasMessageContaining("TLS handshake with")
                .hasMessageContaining(":" + server.port());
        assertThat(((HttpClientException) failure).requestSent()).isFalse();
        assertThat(RetryPolicy.isSafeToRetry(client.get(url).build(), failure)).isFalse();
        assertThat(server.metrics().requestsTotal()).isZero();
        assertThat(millis).isLessThan(5_000);
        return new Refusal(failure, millis);
    }

    private static List<Throwable> causes(Throwable failure) {
        List<Throwable> chain = new ArrayList<>();
        for (Throwable t = failure.getCause(); t != null && !chain.contains(t); t = t.getCause()) {
            chain.add(t);
        }
        return chain;
    }

    @Test
    void certificateFromTheTrustedAuthorityIsAccepted() {
        HttpServer server = tlsServer(CA.issue("localhost"));

        HttpResponse response = trustingTheAuthority().get("https://localhost:" + server.port() + "/").send();

        assertThat(response.bodyAsString()).isEqualTo("reached"); // the failures below are the certificates' doing
    }

    @Test
    void expiredServerCertificateIsRefused() {
        Instant now = Instant.now();
        TestCertificates.Issued expired = CA.issue("localhost", now.minus(Duration.ofDays(30)),
                now.minus(Duration.ofDays(1)));
        HttpServer server = tlsServer(expired);
        String url = "https://localhost:" + server.port() + "/";

        Refusal refusal = refused(trustingTheAuthority(), server, url);
        Throwable failure = refusal.failure();

        assertThat(failure).hasMessageContaining("the server certificate has expired (NotAfter: ");
        assertThat(causes(failure)).first().isInstanceOf(SSLHandshakeException.class);
        assertThat(causes(failure)).anySatisfy(cause -> assertThat(cause)
                .isInstanceOf(CertificateExpiredException.class).hasMessageContaining("NotAfter"));
        ReliabilityReport.record(AREA, "TlsFailuresTest.expiredServerCertificateIsRefused",
                "a server certificate past its notAfter date, issued by a trusted CA, fails the call with a typed "
                        + "error naming the expiry; the request is not sent nor retried",
                refusal.describe());
    }

    @Test
    void serverCertificateNotValidYetIsRefused() {
        Instant now = Instant.now();
        HttpServer server = tlsServer(CA.issue("localhost", now.plus(Duration.ofDays(1)),
                now.plus(Duration.ofDays(30))));

        Refusal refusal = refused(trustingTheAuthority(), server, "https://localhost:" + server.port() + "/");

        assertThat(refusal.failure()).hasMessageContaining("the server certificate is not valid yet (NotBefore: ");
        assertThat(causes(refusal.failure())).anySatisfy(cause -> assertThat(cause)
                .isInstanceOf(CertificateNotYetValidException.class));
        ReliabilityReport.record(AREA, "TlsFailuresTest.serverCertificateNotValidYetIsRefused",
                "a server certificate whose notBefore is tomorrow fails the call with a typed error naming it",
                refusal.describe());
    }

    @Test
    void certificateForAnotherHostFailsHostNameVerificationByDefault() {
        HttpServer server = tlsServer(CA.issue("other.example"));
        BriskClient client = trustingTheAuthority(); // no host name setting: verification must be on by default

        Refusal nameRefusal = refused(client, server, "https://localhost:" + server.port() + "/");
        Refusal addressRefusal = refused(client, server, "https://127.0.0.1:" + server.port() + "/");
        Throwable byName = nameRefusal.failure();
        Throwable byAddress = addressRefusal.failure();

        assertThat(client.options().tls().trustAll()).isFalse();
        assertThat(byName).hasMessageContaining("localhost");
        assertThat(causes(byName)).anySatisfy(cause -> assertThat(cause).isInstanceOf(CertificateException.class)
                .hasMessageContaining("No subject alternative DNS name matching localhost"));
        assertThat(byAddress).hasMessageContaining("127.0.0.1");
        assertThat(causes(byAddress)).anySatisfy(cause -> assertThat(cause)
                .isInstanceOf(CertificateException.class).hasMessageContaining("127.0.0.1"));
        ReliabilityReport.record(AREA,
                "TlsFailuresTest.certificateForAnotherHostFailsHostNameVerificationByDefault",
                "a trusted certificate for other.example is refused for localhost and for 127.0.0.1 by a client "
                        + "that never asked for host name verification",
                nameRefusal.describe() + "; " + addressRefusal.describe());
    }

    @Test
    void certificateFromAnUntrustedIssuerIsRefused() {
        SelfSignedCertificate selfSigned = SelfSignedCertificate.create("localhost");
        HttpServer server = tlsServer(selfSigned.privateKey(), selfSigned.certificate());
        String url = "https://localhost:" + server.port() + "/";

        Refusal refusal = refused(trustingTheAuthority(), server, url);
        Throwable failure = refusal.failure();

        assertThat(failure).hasMessageContaining("the server certificate is not trusted");
        assertThat(causes(failure)).anySatisfy(cause -> assertThat(cause)
                .isInstanceOf(CertPathBuilderException.class)
                .hasMessageContaining("unable to find valid certification path"));
        ReliabilityReport.record(AREA, "TlsFailuresTest.certificateFromAnUntrustedIssuerIsRefused",
                "a self-signed certificate for the right host, absent from the trust store, fails the call with a "
                        + "typed error whose causes hold the PKIX path failure",
                refusal.describe());
    }
}
