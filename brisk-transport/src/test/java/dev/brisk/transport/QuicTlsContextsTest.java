package dev.brisk.transport;

import io.netty.handler.codec.quic.QuicSslContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** QUIC server contexts from the same {@link TlsOptions} as TCP's, and the availability check they rely on. */
class QuicTlsContextsTest {

    private static final SelfSignedCertificate CERTIFICATE = SelfSignedCertificate.create("localhost");

    @Test
    void availabilityIsToldWithItsReason() {
        if (QuicAvailability.isAvailable()) {
            assertThat(QuicAvailability.unavailabilityCause()).isNull();
            assertThat(QuicAvailability.unavailabilityReason()).isNull();
            QuicAvailability.ensureAvailable("HTTP/3");
        } else {
            assertThat(QuicAvailability.unavailabilityReason()).startsWith("QUIC is not available on ");
            assertThatThrownBy(() -> QuicAvailability.ensureAvailable("HTTP/3"))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageStartingWith("HTTP/3 needs QUIC, which is not available: QUIC is not available on ");
        }
    }

    @Test
    void buildsFromEachKindOfIdentity(@TempDir Path directory) throws Exception {
        assumeTrue(QuicAvailability.isAvailable(), QuicAvailability::unavailabilityReason);
        SelfSignedCertificate.PemFiles pem = CERTIFICATE.writePem(directory);
        char[] password = "secret".toCharArray();
        List<TlsOptions> identities = List.of(
                TlsOptions.of(CERTIFICATE.privateKey(), CERTIFICATE.certificate()),
                TlsOptions.pem(pem.certificate(), pem.privateKey()),
                TlsOptions.pkcs12(CERTIFICATE.writePkcs12(directory.resolve("id.p12"), password), password));
        for (TlsOptions options : identities) {
            QuicSslContext context = QuicTlsContexts.forServer(options, List.of("h3"), false);
            assertThat(context.isServer()).as(options.toString()).isTrue();
            assertThat(context.applicationProtocolNegotiator().protocols()).containsExactly("h3");
        }
    }

    @Test
    void refusesWhatQuicCannotServe() {
        assumeTrue(QuicAvailability.isAvailable(), QuicAvailability::unavailabilityReason);
        TlsOptions identity = TlsOptions.of(CERTIFICATE.privateKey(), CERTIFICATE.certificate());
        assertThatThrownBy(() -> QuicTlsContexts.forServer(identity.toBuilder().protocols("TLSv1.2").build(),
                List.of("h3"), false))
                .isInstanceOf(TlsConfigurationException.class)
                .hasMessage("QUIC runs over TLS 1.3 only, which the protocols [TLSv1.2] leave out");
        assertThatThrownBy(() -> QuicTlsContexts.forServer(TlsOptions.DEFAULT, List.of("h3"), false))
                .isInstanceOf(TlsConfigurationException.class)
                .hasMessageStartingWith("a QUIC server needs a key and certificate");
        assertThatThrownBy(() -> QuicTlsContexts.forServer(identity, List.of(), false))
                .isInstanceOf(TlsConfigurationException.class)
                .hasMessage("QUIC needs at least one ALPN protocol: []");
    }
}
