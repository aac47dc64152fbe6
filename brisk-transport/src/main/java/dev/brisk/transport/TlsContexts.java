package dev.brisk.transport;

import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.OpenSsl;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import io.netty.handler.ssl.SupportedCipherSuiteFilter;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;

import java.io.IOException;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.Collections;
import java.util.List;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLException;
import javax.net.ssl.TrustManagerFactory;

/**
 * Builds Netty {@link SslContext}s from {@link TlsOptions}, for servers and clients alike: identity, trust, protocols,
 * ciphers, provider (OpenSSL when present) and the ALPN protocols the caller speaks. Every failure is a
 * {@link TlsConfigurationException} naming the settings.
 */
public final class TlsContexts {

    private TlsContexts() {
    }

    /**
     * A server context. {@code alpn} lists the application protocols in order of preference (empty: no ALPN);
     * {@code defaultCiphers} apply when the options name none (empty: the provider's defaults).
     */
    public static SslContext forServer(TlsOptions options, List<String> alpn, List<String> defaultCiphers) {
        if (!options.hasIdentity()) {
            throw new TlsConfigurationException("a TLS server needs a key and certificate: " + options);
        }
        try {
            SslContextBuilder builder;
            if (options.certChainFile() != null) {
                builder = SslContextBuilder.forServer(options.certChainFile().toFile(), options.keyFile().toFile(),
                        options.keyPassword());
            } else if (options.keyStore() != null) {
                builder = SslContextBuilder.forServer(keyManagers(options));
            } else {
                builder = SslContextBuilder.forServer(options.key(), options.keyChain().toArray(new X509Certificate[0]));
            }
            TrustManagerFactory trust = trustManagers(options);
            if (trust != null) {
                builder.trustManager(trust);
            }
            builder.clientAuth(switch (options.clientAuth()) {
                case NONE -> ClientAuth.NONE;
                case OPTIONAL -> ClientAuth.OPTIONAL;
                case REQUIRE -> ClientAuth.REQUIRE;
            });
            return finish(builder, options, alpn, defaultCiphers);
        } catch (SSLException | GeneralSecurityException | RuntimeException e) {
            throw failure(options, e);
        }
    }

    /**
     * A client context: the server's certificate is checked against the trusted anchors and, unless
     * {@link TlsOptions#trustAll()}, its host name (HTTPS endpoint identification). {@code alpn} and
     * {@code defaultCiphers} as for {@link #forServer}.
     */
    public static SslContext forClient(TlsOptions options, List<String> alpn, List<String> defaultCiphers) {
        try {
            SslContextBuilder builder = SslContextBuilder.forClient();
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
                builder.keyManager(options.certChainFile().toFile(), options.keyFile().toFile(), options.keyPassword());
            } else if (options.keyStore() != null) {
                builder.keyManager(keyManagers(options));
            } else if (options.key() != null) {
                builder.keyManager(options.key(), options.keyChain().toArray(new X509Certificate[0]));
            }
            return finish(builder, options, alpn, defaultCiphers);
        } catch (SSLException | GeneralSecurityException | RuntimeException e) {
            throw failure(options, e);
        }
    }

    /** Whether OpenSSL (netty-tcnative) is usable here, with ALPN. */
    public static boolean openSslAvailable() {
        try {
            return OpenSsl.isAvailable() && SslProvider.isAlpnSupported(SslProvider.OPENSSL);
        } catch (Throwable t) {
            return false;
        }
    }

    private static SslContext finish(SslContextBuilder builder, TlsOptions options, List<String> alpn,
                                     List<String> defaultCiphers) throws SSLException {
        builder.sslProvider(provider(options.provider()));
        if (!options.protocols().isEmpty()) {
            builder.protocols(options.protocols());
        }
        List<String> ciphers = options.ciphers().isEmpty() ? defaultCiphers : options.ciphers();
        if (!ciphers.isEmpty()) {
            builder.ciphers(ciphers, SupportedCipherSuiteFilter.INSTANCE);
        }
        if (!alpn.isEmpty()) {
            builder.applicationProtocolConfig(new ApplicationProtocolConfig(ApplicationProtocolConfig.Protocol.ALPN,
                    ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
                    ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT, List.copyOf(alpn)));
        }
        SslContext context = builder.build();
        if (!options.ciphers().isEmpty() && context.cipherSuites().isEmpty()) {
            throw new TlsConfigurationException("none of the cipher suites " + options.ciphers() + " is supported by "
                    + "the " + context.getClass().getSimpleName() + " TLS implementation");
        }
        return context;
    }

    private static SslProvider provider(TlsOptions.Provider wanted) {
        return switch (wanted) {
            case JDK -> SslProvider.JDK;
            case OPENSSL -> {
                if (!openSslAvailable()) {
                    throw new TlsConfigurationException("OpenSSL requested but netty-tcnative is not usable: "
                            + OpenSsl.unavailabilityCause());
                }
                yield SslProvider.OPENSSL;
            }
            case AUTO -> openSslAvailable() ? SslProvider.OPENSSL : SslProvider.JDK;
        };
    }

    static KeyManagerFactory keyManagers(TlsOptions options) throws GeneralSecurityException {
        KeyManagerFactory factory = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        factory.init(options.keyStore(), options.keyStorePassword());
        return factory;
    }

    /** The trust managers for the configured anchors, or null for the JDK default. */
    static TrustManagerFactory trustManagers(TlsOptions options) throws GeneralSecurityException {
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

    private static TlsConfigurationException failure(TlsOptions options, Exception e) {
        if (e instanceof TlsConfigurationException tls) {
            return tls;
        }
        return new TlsConfigurationException("cannot set up TLS from " + options + ": " + e.getMessage(), e);
    }
}
