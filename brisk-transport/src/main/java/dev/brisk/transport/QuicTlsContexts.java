package dev.brisk.transport;

import io.netty.handler.codec.quic.QuicSslContext;
import io.netty.handler.codec.quic.QuicSslContextBuilder;
import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import javax.net.ssl.TrustManagerFactory;

/**
 * Builds the TLS contexts of QUIC from the same {@link TlsOptions} as {@link TlsContexts}: QUIC carries TLS 1.3 only,
 * in BoringSSL (inside Netty's native QUIC library) whatever {@link TlsOptions#provider()} says, with the cipher
 * suites of TLS 1.3 (not configurable), and needs ALPN. Every failure is a {@link TlsConfigurationException} naming
 * the settings; a missing QUIC library an {@link IllegalStateException} naming the cause
 * ({@link QuicAvailability}).
 */
public final class QuicTlsContexts {

    /** The key types BoringSSL signs TLS 1.3 handshakes with. */
    private static final Set<String> KEY_ALGORITHMS = Set.of("RSA", "EC", "Ed25519", "EdDSA");

    private QuicTlsContexts() {
    }

    /**
     * A server context offering {@code alpn} (for HTTP/3: {@code h3}); {@code earlyData} accepts 0-RTT data, which an
     * attacker can replay.
     */
    public static QuicSslContext forServer(TlsOptions options, List<String> alpn, boolean earlyData) {
        QuicAvailability.ensureAvailable("a QUIC TLS context");
        if (!options.hasIdentity()) {
            throw new TlsConfigurationException("a QUIC server needs a key and certificate: " + options);
        }
        if (!options.protocols().isEmpty() && !options.protocols().contains("TLSv1.3")) {
            throw new TlsConfigurationException("QUIC runs over TLS 1.3 only, which the protocols "
                    + options.protocols() + " leave out");
        }
        if (alpn.isEmpty()) {
            throw new TlsConfigurationException("QUIC needs at least one ALPN protocol: []");
        }
        try {
            checkKeyType(leafCertificate(options));
            QuicSslContextBuilder builder;
            if (options.certChainFile() != null) {
                builder = QuicSslContextBuilder.forServer(options.keyFile().toFile(), options.keyPassword(),
                        options.certChainFile().toFile());
            } else if (options.keyStore() != null) {
                char[] password = options.keyStorePassword();
                builder = QuicSslContextBuilder.forServer(TlsContexts.keyManagers(options),
                        password == null ? null : new String(password));
            } else {
                builder = QuicSslContextBuilder.forServer(options.key(), null,
                        options.keyChain().toArray(new X509Certificate[0]));
            }
            TrustManagerFactory trust = TlsContexts.trustManagers(options);
            if (trust != null) {
                builder.trustManager(trust);
            }
            builder.clientAuth(switch (options.clientAuth()) {
                case NONE -> ClientAuth.NONE;
                case OPTIONAL -> ClientAuth.OPTIONAL;
                case REQUIRE -> ClientAuth.REQUIRE;
            });
            return builder.applicationProtocols(alpn.toArray(new String[0])).earlyData(earlyData).build();
        } catch (GeneralSecurityException | IOException | RuntimeException e) {
            if (e instanceof TlsConfigurationException tls) {
                throw tls;
            }
            throw new TlsConfigurationException("cannot set up QUIC TLS (TLS 1.3, ALPN " + alpn + ") from " + options
                    + ": " + e.getMessage(), e);
        }
    }

    /**
     * A client context offering {@code alpn}: the anchors of {@code options} (or the JDK's), host name verification
     * unless it trusts everything, and its identity for mutual TLS. Protocol and cipher restrictions do not apply:
     * QUIC always runs TLS 1.3 with its own suites.
     */
    public static QuicSslContext forClient(TlsOptions options, List<String> alpn) {
        QuicAvailability.ensureAvailable("a QUIC TLS context");
        try {
            QuicSslContextBuilder builder = QuicSslContextBuilder.forClient()
                    .applicationProtocols(alpn.toArray(new String[0]));
            if (options.trustAll()) {
                builder.trustManager(InsecureTrustManagerFactory.INSTANCE).endpointIdentificationAlgorithm(null);
            } else {
                TrustManagerFactory trust = TlsContexts.trustManagers(options);
                if (trust != null) {
                    builder.trustManager(trust);
                }
                builder.endpointIdentificationAlgorithm("HTTPS");
            }
            if (options.certChainFile() != null) {
                builder.keyManager(options.keyFile().toFile(), options.keyPassword(),
                        options.certChainFile().toFile());
            } else if (options.keyStore() != null) {
                builder.keyManager(TlsContexts.keyManagers(options), null);
            } else if (options.key() != null) {
                builder.keyManager(options.key(), null, options.keyChain().toArray(new X509Certificate[0]));
            }
            return builder.build();
        } catch (GeneralSecurityException | RuntimeException e) {
            throw new TlsConfigurationException("cannot build the QUIC TLS context of the client from " + options
                    + ": " + e.getMessage(), e);
        }
    }

    /** The certificate of the identity, whichever way it is given. */
    private static X509Certificate leafCertificate(TlsOptions options) throws GeneralSecurityException, IOException {
        if (options.key() != null) {
            return options.keyChain().get(0);
        }
        if (options.certChainFile() != null) {
            try (InputStream in = Files.newInputStream(options.certChainFile())) {
                Certificate first = CertificateFactory.getInstance("X.509").generateCertificate(in);
                return (X509Certificate) first;
            }
        }
        KeyStore store = options.keyStore();
        for (String alias : Collections.list(store.aliases())) {
            if (store.isKeyEntry(alias) && store.getCertificate(alias) instanceof X509Certificate certificate) {
                return certificate;
            }
        }
        throw new TlsConfigurationException("the key store holds no key with a certificate: " + options);
    }

    private static void checkKeyType(X509Certificate certificate) {
        String algorithm = certificate.getPublicKey().getAlgorithm();
        if (!KEY_ALGORITHMS.contains(algorithm)) {
            throw new TlsConfigurationException("QUIC (TLS 1.3) cannot sign with a " + algorithm + " key, only with "
                    + "RSA, EC or Ed25519 keys: " + certificate.getSubjectX500Principal().getName());
        }
    }
}
