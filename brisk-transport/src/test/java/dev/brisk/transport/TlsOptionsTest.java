package dev.brisk.transport;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.security.KeyStore;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@link TlsOptions} follows the options convention: defaults, a builder for every component, errors that name it. */
class TlsOptionsTest {

    private static final SelfSignedCertificate CERTIFICATE = SelfSignedCertificate.create("localhost");

    @Test
    void defaultsTrustTheJdkStoreWithoutIdentity() {
        TlsOptions defaults = TlsOptions.DEFAULT;
        assertThat(defaults.hasIdentity()).isFalse();
        assertThat(defaults.trustAll()).isFalse();
        assertThat(defaults.trustStore()).isNull();
        assertThat(defaults.trustedCertificates()).isEmpty();
        assertThat(defaults.protocols()).isEmpty();
        assertThat(defaults.ciphers()).isEmpty();
        assertThat(defaults.provider()).isEqualTo(TlsOptions.Provider.AUTO);
        assertThat(defaults.clientAuth()).isEqualTo(TlsOptions.ClientAuth.NONE);
        assertThat(TlsOptions.builder().build()).isEqualTo(defaults);
    }

    @Test
    void everyComponentHasASetterAndSurvivesARoundTrip(@TempDir Path dir) throws Exception {
        SelfSignedCertificate.PemFiles pem = CERTIFICATE.writePem(dir);
        TlsOptions fromFiles = TlsOptions.builder().certChainFile(pem.certificate()).keyFile(pem.privateKey())
                .keyPassword("secret").trustedCertificates(List.of(CERTIFICATE.certificate()))
                .protocols(List.of("TLSv1.3")).ciphers(List.of("TLS_AES_128_GCM_SHA256"))
                .provider(TlsOptions.Provider.JDK).clientAuth(TlsOptions.ClientAuth.REQUIRE).build();
        assertThat(fromFiles.certChainFile()).isEqualTo(pem.certificate());
        assertThat(fromFiles.keyFile()).isEqualTo(pem.privateKey());
        assertThat(fromFiles.keyPassword()).isEqualTo("secret");
        assertThat(fromFiles.trustedCertificates()).containsExactly(CERTIFICATE.certificate());
        assertThat(fromFiles.protocols()).containsExactly("TLSv1.3");
        assertThat(fromFiles.ciphers()).containsExactly("TLS_AES_128_GCM_SHA256");
        assertThat(fromFiles.provider()).isEqualTo(TlsOptions.Provider.JDK);
        assertThat(fromFiles.clientAuth()).isEqualTo(TlsOptions.ClientAuth.REQUIRE);
        assertThat(fromFiles.toBuilder().build()).isEqualTo(fromFiles);

        KeyStore store = CERTIFICATE.keyStore("pw".toCharArray());
        TlsOptions fromStore = TlsOptions.builder().keyStore(store).keyStorePassword("pw".toCharArray())
                .trustStore(CERTIFICATE.trustStore()).build();
        assertThat(fromStore.keyStore()).isSameAs(store);
        assertThat(fromStore.keyStorePassword()).containsExactly('p', 'w');
        assertThat(fromStore.toBuilder().build()).isEqualTo(fromStore);

        TlsOptions inMemory = TlsOptions.builder().key(CERTIFICATE.privateKey())
                .keyChain(List.of(CERTIFICATE.certificate())).build();
        assertThat(inMemory.key()).isEqualTo(CERTIFICATE.privateKey());
        assertThat(inMemory.keyChain()).containsExactly(CERTIFICATE.certificate());
        assertThat(inMemory.toBuilder().build()).isEqualTo(inMemory);

        TlsOptions insecure = TlsOptions.builder().trustAll(true).build();
        assertThat(insecure).isEqualTo(TlsOptions.insecure());
        assertThat(insecure.toBuilder().trustAll(false).build()).isEqualTo(TlsOptions.DEFAULT);
    }

    @Test
    void aNullClearsANullableComponentOfACopy() {
        TlsOptions identity = TlsOptions.of(CERTIFICATE.privateKey(), CERTIFICATE.certificate());
        assertThat(identity.toBuilder().key(null).keyChain(List.of()).build()).isEqualTo(TlsOptions.DEFAULT);
    }

    @Test
    void theOptionsHoldCopiesOfWhatTheyAreGiven() {
        char[] password = "pw".toCharArray();
        TlsOptions options = TlsOptions.builder().keyStore(CERTIFICATE.keyStore(password), password).build();
        Arrays.fill(password, 'x');
        options.keyStorePassword()[0] = 'y';
        assertThat(options.keyStorePassword()).containsExactly('p', 'w');
    }

    @Test
    void everyValidationErrorNamesTheComponentAndItsValue(@TempDir Path dir) throws Exception {
        SelfSignedCertificate.PemFiles pem = CERTIFICATE.writePem(dir);
        KeyStore store = CERTIFICATE.keyStore("pw".toCharArray());
        assertThatThrownBy(() -> TlsOptions.builder().pem(pem.certificate(), pem.privateKey(), null)
                .keyStore(store, "pw".toCharArray()).build())
                .isInstanceOf(TlsConfigurationException.class)
                .hasMessage("more than one identity set: certChainFile/keyFile, keyStore: choose one");
        assertThatThrownBy(() -> TlsOptions.builder().certChainFile(pem.certificate()).build())
                .isInstanceOf(TlsConfigurationException.class)
                .hasMessage("keyFile must be set with certChainFile " + pem.certificate() + ": null");
        assertThatThrownBy(() -> TlsOptions.builder().keyFile(pem.privateKey()).build())
                .isInstanceOf(TlsConfigurationException.class)
                .hasMessage("certChainFile must be set with keyFile " + pem.privateKey() + ": null");
        assertThatThrownBy(() -> TlsOptions.builder().certChainFile(dir.resolve("missing.pem")))
                .isInstanceOf(TlsConfigurationException.class)
                .hasMessage("certChainFile must be a readable file: " + dir.resolve("missing.pem"));
        assertThatThrownBy(() -> TlsOptions.builder().key(CERTIFICATE.privateKey()).build())
                .isInstanceOf(TlsConfigurationException.class)
                .hasMessage("keyChain must not be empty with a key: []");
        assertThatThrownBy(() -> TlsOptions.builder().keyChain(List.of(CERTIFICATE.certificate())).build())
                .isInstanceOf(TlsConfigurationException.class)
                .hasMessage("key must be set with a keyChain of 1 certificate(s): null");
        assertThatThrownBy(() -> TlsOptions.builder().trustAll().trustStore(CERTIFICATE.trustStore()).build())
                .isInstanceOf(TlsConfigurationException.class)
                .hasMessage("trustAll trusts every certificate: trustedCertificates (0) and trustStore (set) make no "
                        + "sense with it");
        assertThatThrownBy(() -> TlsOptions.builder().protocols("TLSv0.9").build())
                .isInstanceOf(TlsConfigurationException.class)
                .hasMessage("protocols must be among [TLSv1.3, TLSv1.2, TLSv1.1, TLSv1]: 'TLSv0.9'");
        assertThatThrownBy(() -> TlsOptions.builder().ciphers(Arrays.asList("A", null)).build())
                .isInstanceOf(NullPointerException.class).hasMessage("ciphers must not contain null: [A, null]");
        assertThatThrownBy(() -> TlsOptions.builder().trustCertificates(CERTIFICATE.certificate(), null).build())
                .isInstanceOf(NullPointerException.class).hasMessageStartingWith("trustedCertificates must not "
                        + "contain null");
        assertThatThrownBy(() -> TlsOptions.builder().provider(null).build())
                .isInstanceOf(NullPointerException.class).hasMessage("provider must not be null");
        assertThatThrownBy(() -> TlsOptions.builder().clientAuth(null).build())
                .isInstanceOf(NullPointerException.class).hasMessage("clientAuth must not be null");
        assertThatThrownBy(() -> TlsOptions.builder().protocols((List<String>) null))
                .isInstanceOf(NullPointerException.class).hasMessage("protocols must not be null");
    }
}
