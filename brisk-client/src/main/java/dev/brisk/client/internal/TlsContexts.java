package dev.brisk.client.internal;

import dev.brisk.client.ClientTls;
import dev.brisk.client.HttpProtocol;
import io.netty.handler.codec.http2.Http2SecurityUtil;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.OpenSsl;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import io.netty.handler.ssl.SupportedCipherSuiteFilter;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;

import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLException;
import javax.net.ssl.TrustManagerFactory;

/**
 * Builds the client's Netty {@link SslContext} from {@link ClientTls}: OpenSSL when netty-tcnative is on the class
 * path, the JDK otherwise; ALPN protocols from the {@link HttpProtocol}; HTTPS endpoint identification unless
 * insecure.
 */
final class TlsContexts {

    private TlsContexts() {
    }

    static SslContext create(ClientTls tls, HttpProtocol protocol) {
        try {
            SslProvider provider = OpenSsl.isAvailable() ? SslProvider.OPENSSL : SslProvider.JDK;
            SslContextBuilder builder = SslContextBuilder.forClient().sslProvider(provider);
            if (tls.isInsecure()) {
                builder.trustManager(InsecureTrustManagerFactory.INSTANCE).endpointIdentificationAlgorithm(null);
            } else {
                TrustManagerFactory trust = trustManagers(tls);
                if (trust != null) {
                    builder.trustManager(trust);
                }
                builder.endpointIdentificationAlgorithm("HTTPS");
            }
            if (tls.keyStore() != null) {
                KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
                keys.init(tls.keyStore(), tls.keyPassword());
                builder.keyManager(keys);
            } else if (tls.key() != null) {
                builder.keyManager(tls.key(), tls.keyChain());
            }
            if (tls.protocols() != null) {
                builder.protocols(tls.protocols());
            }
            if (tls.ciphers() != null) {
                builder.ciphers(tls.ciphers(), SupportedCipherSuiteFilter.INSTANCE);
            } else if (protocol != HttpProtocol.HTTP_1_1) {
                builder.ciphers(Http2SecurityUtil.CIPHERS, SupportedCipherSuiteFilter.INSTANCE);
            }
            List<String> alpn = new ArrayList<>(2);
            if (protocol != HttpProtocol.HTTP_1_1) {
                alpn.add(ApplicationProtocolNames.HTTP_2);
            }
            if (protocol != HttpProtocol.H2) {
                alpn.add(ApplicationProtocolNames.HTTP_1_1);
            }
            builder.applicationProtocolConfig(new ApplicationProtocolConfig(ApplicationProtocolConfig.Protocol.ALPN,
                    ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
                    ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT,
                    Collections.unmodifiableList(alpn)));
            return builder.build();
        } catch (SSLException | GeneralSecurityException e) {
            throw new IllegalArgumentException("invalid TLS settings " + tls + ": " + e.getMessage(), e);
        }
    }

    /** The trust managers for the configured anchors, or null for the JDK default. */
    private static TrustManagerFactory trustManagers(ClientTls tls) throws GeneralSecurityException {
        if (tls.trustStore() == null && tls.trustedCertificates().isEmpty()) {
            return null;
        }
        KeyStore store;
        try {
            store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
        } catch (java.io.IOException e) {
            throw new GeneralSecurityException(e);
        }
        int n = 0;
        if (tls.trustStore() != null) {
            for (String alias : Collections.list(tls.trustStore().aliases())) {
                java.security.cert.Certificate certificate = tls.trustStore().getCertificate(alias);
                if (certificate != null) {
                    store.setCertificateEntry("store-" + n++, certificate);
                }
            }
        }
        for (X509Certificate certificate : tls.trustedCertificates()) {
            store.setCertificateEntry("trusted-" + n++, certificate);
        }
        TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        factory.init(store);
        return factory;
    }
}
