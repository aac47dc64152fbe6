package dev.brisk.client.internal.http3;

import dev.brisk.transport.TlsConfigurationException;
import dev.brisk.transport.TlsOptions;
import io.netty.handler.codec.http3.Http3;
import io.netty.handler.codec.quic.QuicSslContext;
import io.netty.handler.codec.quic.QuicSslContextBuilder;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.TrustManagerFactory;
import java.io.IOException;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.Collections;

/**
 * The client's QUIC TLS context (BoringSSL, TLS 1.3, ALPN {@code h3}) made from the same {@link TlsOptions} as its
 * TCP one: trust anchors, host name verification unless trusting everything, the client identity for mutual TLS.
 * Protocol and cipher restrictions do not apply: QUIC always runs TLS 1.3 with its own suites. Not API.
 */
final class QuicTls {

    private QuicTls() {
    }

    static QuicSslContext forClient(TlsOptions options) {
        try {
            QuicSslContextBuilder builder = QuicSslContextBuilder.forClient()
                    .applicationProtocols(Http3.supportedApplicationProtocols());
            if (options.trustAll()) {
                builder.trustManager(InsecureTrustManagerFactory.INSTANCE).endpointIdentificationAlgorithm(null);
            } else {
                TrustManagerFactory trust = trustManagers(options);
                if (trust != null) {
                    builder.trustManager(trust);
                }
                builder.endpointIdentificationAlgorithm("HTTPS");
            }
            if (options.certChainFile() != null) {
                builder.keyManager(options.keyFile().toFile(), options.keyPassword(),
                        options.certChainFile().toFile());
            } else if (options.keyStore() != null) {
                KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
                keys.init(options.keyStore(), options.keyStorePassword());
                builder.keyManager(keys, null);
            } else if (options.key() != null) {
                builder.keyManager(options.key(), null, options.keyChain().toArray(new X509Certificate[0]));
            }
            return builder.build();
        } catch (GeneralSecurityException | RuntimeException e) {
            throw new TlsConfigurationException("cannot build the QUIC TLS context of the client: " + e.getMessage(),
                    e);
        }
    }

    /** The trust managers of the configured anchors, or null for the JDK default. */
    private static TrustManagerFactory trustManagers(TlsOptions options) throws GeneralSecurityException {
        if (options.trustStore() == null && options.trustedCertificates().isEmpty()) {
            return null;
        }
        KeyStore store = KeyStore.getInstance("PKCS12");
        try {
            store.load(null, null);
        } catch (IOException e) {
            throw new GeneralSecurityException(e);
        }
        int n = 0;
        if (options.trustStore() != null) {
            for (String alias : Collections.list(options.trustStore().aliases())) {
                Certificate certificate = options.trustStore().getCertificate(alias);
                if (certificate != null) {
                    store.setCertificateEntry("store-" + n++, certificate);
                }
            }
        }
        for (X509Certificate certificate : options.trustedCertificates()) {
            store.setCertificateEntry("trusted-" + n++, certificate);
        }
        TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        factory.init(store);
        return factory;
    }
}
