package dev.brisk.spring.boot.internal;

import dev.brisk.transport.TlsOptions;
import org.springframework.boot.ssl.SslBundle;
import org.springframework.boot.ssl.SslBundles;
import org.springframework.boot.web.server.Ssl;
import org.springframework.boot.web.server.WebServerSslBundle;

import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.io.IOException;

/**
 * Boot's {@code server.ssl.*} (key store, PEM certificate and key, or an SSL bundle; trust store and client
 * authentication; protocols and ciphers) as Brisk {@link TlsOptions}.
 */
final class TlsSettings {

    private TlsSettings() {
    }

    static TlsOptions of(Ssl ssl, SslBundles bundles) {
        SslBundle bundle = WebServerSslBundle.get(ssl, bundles);
        KeyStore keyStore = bundle.getStores().getKeyStore();
        if (keyStore == null) {
            throw new IllegalStateException("server.ssl is enabled without a key: set server.ssl.key-store, or "
                    + "server.ssl.certificate and server.ssl.certificate-private-key, or server.ssl.bundle");
        }
        String keyPassword = bundle.getKey().getPassword() != null ? bundle.getKey().getPassword()
                : bundle.getStores().getKeyStorePassword();
        char[] password = keyPassword == null ? new char[0] : keyPassword.toCharArray();
        String alias = bundle.getKey().getAlias();
        if (alias != null) {
            keyStore = onlyEntry(keyStore, alias, password);
        }
        TlsOptions.Builder tls = TlsOptions.builder().keyStore(keyStore, password);
        if (bundle.getStores().getTrustStore() != null) {
            tls.trustStore(bundle.getStores().getTrustStore());
        }
        if (ssl.getClientAuth() != null) {
            tls.clientAuth(switch (ssl.getClientAuth()) {
                case NONE -> TlsOptions.ClientAuth.NONE;
                case WANT -> TlsOptions.ClientAuth.OPTIONAL;
                case NEED -> TlsOptions.ClientAuth.REQUIRE;
            });
        }
        String[] protocols = bundle.getOptions().getEnabledProtocols();
        if (protocols != null && protocols.length > 0) {
            tls.protocols(protocols);
        }
        String[] ciphers = bundle.getOptions().getCiphers();
        if (ciphers != null && ciphers.length > 0) {
            tls.ciphers(ciphers);
        }
        return tls.build();
    }

    /** A key store holding only the key entry {@code alias} ({@code server.ssl.key-alias}). */
    private static KeyStore onlyEntry(KeyStore source, String alias, char[] password) {
        try {
            if (!source.isKeyEntry(alias)) {
                throw new IllegalStateException("server.ssl.key-alias '" + alias + "' is not a key in the key store");
            }
            KeyStore single = KeyStore.getInstance("PKCS12");
            single.load(null, null);
            single.setKeyEntry(alias, source.getKey(alias, password), password, source.getCertificateChain(alias));
            return single;
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalStateException("cannot read key '" + alias + "' of the key store: " + e.getMessage(), e);
        }
    }
}
