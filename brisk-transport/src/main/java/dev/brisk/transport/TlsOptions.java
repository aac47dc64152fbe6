package dev.brisk.transport;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * TLS settings of a server or a client: its own identity (key and certificate chain, required for a server, for
 * mutual TLS on a client), the certificates it trusts (the JDK's trust store unless told otherwise), protocol and cipher
 * restrictions, the TLS implementation and, on a server, whether clients must present certificates.
 *
 * <p>The identity comes from PEM files ({@code certChainFile}, {@code keyFile}), a key store, or a key and chain in
 * memory: one of them at most. A client verifies the server's host name (HTTPS endpoint identification) unless it
 * {@link #trustAll() trusts everything}. OpenSSL (BoringSSL from {@code netty-tcnative-boringssl-static}) is used when
 * it is on the class path, the JDK's TLS otherwise.
 *
 * <pre>{@code
 * HttpServer.builder().tls(TlsOptions.pem(certFile, keyFile))...
 * BriskClient.builder().tls(TlsOptions.builder().trustCertificates(caCert).build())...
 * }</pre>
 *
 * @param certChainFile       PEM certificate chain of the identity, or null
 * @param keyFile             PEM PKCS#8 private key of the identity, or null
 * @param keyPassword         password of an encrypted {@code keyFile}, or null
 * @param keyStore            key store holding the identity, or null
 * @param keyStorePassword    password of the keys in {@code keyStore}, or null
 * @param key                 the identity's private key in memory, or null
 * @param keyChain            the certificate chain of {@code key}; empty when there is none
 * @param trustedCertificates anchors trusted in addition to {@code trustStore}; both absent: the JDK default
 * @param trustStore          a trust store replacing the JDK default, or null
 * @param trustAll            trust every certificate and skip host name verification (tests against self-signed
 *                            peers only: it gives up all protection against impostors)
 * @param protocols           enabled protocols such as {@code TLSv1.3}; empty for the provider's defaults
 * @param ciphers             enabled cipher suites; empty for the defaults of the protocol using TLS
 * @param provider            the TLS implementation
 * @param clientAuth          whether a server asks clients for certificates (ignored by clients)
 */
public record TlsOptions(Path certChainFile, Path keyFile, String keyPassword, KeyStore keyStore,
                         char[] keyStorePassword, PrivateKey key, List<X509Certificate> keyChain,
                         List<X509Certificate> trustedCertificates, KeyStore trustStore, boolean trustAll,
                         List<String> protocols, List<String> ciphers, Provider provider, ClientAuth clientAuth) {

    /** Which TLS implementation to use. */
    public enum Provider {
        /** OpenSSL when available, else the JDK. */
        AUTO,
        /** OpenSSL through netty-tcnative; fails at start when it is missing. */
        OPENSSL,
        /** The JDK's own TLS. */
        JDK
    }

    /** Whether a server requests client certificates (mutual TLS). */
    public enum ClientAuth {
        /** Clients are not asked for a certificate. */
        NONE,
        /** Clients are asked; one that presents none is accepted. */
        OPTIONAL,
        /** Clients must present a certificate the server trusts. */
        REQUIRE
    }

    private static final List<String> KNOWN_PROTOCOLS = List.of("TLSv1.3", "TLSv1.2", "TLSv1.1", "TLSv1");

    /** The JDK's trust store, host name verification on, no identity: what a client uses unless told otherwise. */
    public static final TlsOptions DEFAULT = builder().build();

    /** Validates the combination and copies the lists and the password. */
    public TlsOptions {
        int identities = (certChainFile != null || keyFile != null ? 1 : 0) + (keyStore != null ? 1 : 0)
                + (key != null ? 1 : 0);
        if (identities > 1) {
            throw new TlsConfigurationException("more than one identity given (PEM files, key store, in-memory key): "
                    + "choose one");
        }
        if ((certChainFile == null) != (keyFile == null)) {
            throw new TlsConfigurationException("a PEM identity needs both files: certificate chain "
                    + certChainFile + ", key " + keyFile);
        }
        keyChain = keyChain == null ? List.of() : List.copyOf(keyChain);
        if (key != null && keyChain.isEmpty()) {
            throw new TlsConfigurationException("a certificate chain is required with the private key");
        }
        if (key == null && !keyChain.isEmpty()) {
            throw new TlsConfigurationException("a certificate chain was given without its private key");
        }
        trustedCertificates = trustedCertificates == null ? List.of() : List.copyOf(trustedCertificates);
        if (trustAll && (trustStore != null || !trustedCertificates.isEmpty())) {
            throw new TlsConfigurationException("trustAll() trusts every certificate: trusted certificates or a trust "
                    + "store make no sense with it");
        }
        protocols = protocols == null ? List.of() : List.copyOf(protocols);
        for (String protocol : protocols) {
            if (!KNOWN_PROTOCOLS.contains(protocol)) {
                throw new TlsConfigurationException("unknown TLS protocol '" + protocol + "': use one of "
                        + KNOWN_PROTOCOLS);
            }
        }
        ciphers = ciphers == null ? List.of() : List.copyOf(ciphers);
        keyStorePassword = keyStorePassword == null ? null : keyStorePassword.clone();
        provider = Objects.requireNonNullElse(provider, Provider.AUTO);
        clientAuth = Objects.requireNonNullElse(clientAuth, ClientAuth.NONE);
    }

    /** A PEM certificate chain and an unencrypted PKCS#8 PEM private key. */
    public static TlsOptions pem(Path certChainFile, Path keyFile) {
        return builder().pem(certChainFile, keyFile, null).build();
    }

    /** A PEM certificate chain and a PKCS#8 PEM private key encrypted with {@code keyPassword} (null if none). */
    public static TlsOptions pem(Path certChainFile, Path keyFile, String keyPassword) {
        return builder().pem(certChainFile, keyFile, keyPassword).build();
    }

    /** A PKCS#12 (or, for a {@code .jks} file, JKS) key store holding the key and its chain. */
    public static TlsOptions pkcs12(Path keyStoreFile, char[] password) {
        return builder().keyStore(keyStoreFile, password).build();
    }

    /** A key and its certificate chain already in memory. */
    public static TlsOptions of(PrivateKey key, X509Certificate... chain) {
        return builder().identity(key, chain).build();
    }

    /** A fresh self-signed certificate for {@code localhost}: for development and tests only. */
    public static TlsOptions selfSigned() {
        SelfSignedCertificate certificate = SelfSignedCertificate.create("localhost");
        return of(certificate.privateKey(), certificate.certificate());
    }

    /**
     * Trusts every certificate and skips host name verification: for a client testing against a self-signed server
     * only, as it gives up all protection against impostors.
     */
    public static TlsOptions insecure() {
        return builder().trustAll().build();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding these settings, to change some. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** The password of the keys in {@link #keyStore()} (a copy), or null. */
    @Override
    public char[] keyStorePassword() {
        return keyStorePassword == null ? null : keyStorePassword.clone();
    }

    /** Whether an identity (key and certificate) is configured. */
    public boolean hasIdentity() {
        return certChainFile != null || keyStore != null || key != null;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof TlsOptions that && Objects.equals(certChainFile, that.certChainFile)
                && Objects.equals(keyFile, that.keyFile) && Objects.equals(keyPassword, that.keyPassword)
                && keyStore == that.keyStore && Arrays.equals(keyStorePassword, that.keyStorePassword)
                && Objects.equals(key, that.key) && keyChain.equals(that.keyChain)
                && trustedCertificates.equals(that.trustedCertificates) && trustStore == that.trustStore
                && trustAll == that.trustAll && protocols.equals(that.protocols) && ciphers.equals(that.ciphers)
                && provider == that.provider && clientAuth == that.clientAuth;
    }

    @Override
    public int hashCode() {
        return Objects.hash(certChainFile, keyFile, key, keyChain, trustedCertificates, trustAll, protocols, ciphers,
                provider, clientAuth);
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder("TlsOptions[");
        if (certChainFile != null) {
            text.append("pem ").append(certChainFile);
        } else if (keyStore != null) {
            text.append("key store");
        } else if (key != null) {
            text.append("in-memory ").append(keyChain.get(0).getSubjectX500Principal().getName());
        } else {
            text.append("no identity");
        }
        text.append(trustAll ? ", trust all" : trustStore != null || !trustedCertificates.isEmpty()
                ? ", trusted=" + trustedCertificates.size() + (trustStore != null ? "+store" : "") : ", JDK trust");
        if (!protocols.isEmpty()) {
            text.append(", protocols=").append(protocols);
        }
        if (!ciphers.isEmpty()) {
            text.append(", ciphers=").append(ciphers.size());
        }
        text.append(", provider=").append(provider);
        if (clientAuth != ClientAuth.NONE) {
            text.append(", clientAuth=").append(clientAuth);
        }
        return text.append(']').toString();
    }

    /** Builds {@link TlsOptions}; every component can be set. */
    public static final class Builder {
        private Path certChainFile;
        private Path keyFile;
        private String keyPassword;
        private KeyStore keyStore;
        private char[] keyStorePassword;
        private PrivateKey key;
        private List<X509Certificate> keyChain = List.of();
        private final List<X509Certificate> trustedCertificates = new ArrayList<>();
        private KeyStore trustStore;
        private boolean trustAll;
        private List<String> protocols = List.of();
        private List<String> ciphers = List.of();
        private Provider provider = Provider.AUTO;
        private ClientAuth clientAuth = ClientAuth.NONE;

        private Builder() {
        }

        private Builder(TlsOptions options) {
            certChainFile = options.certChainFile;
            keyFile = options.keyFile;
            keyPassword = options.keyPassword;
            keyStore = options.keyStore;
            keyStorePassword = options.keyStorePassword;
            key = options.key;
            keyChain = options.keyChain;
            trustedCertificates.addAll(options.trustedCertificates);
            trustStore = options.trustStore;
            trustAll = options.trustAll;
            protocols = options.protocols;
            ciphers = options.ciphers;
            provider = options.provider;
            clientAuth = options.clientAuth;
        }

        /** The identity from a PEM certificate chain and a PKCS#8 PEM key ({@code keyPassword} null if unencrypted). */
        public Builder pem(Path certChainFile, Path keyFile, String keyPassword) {
            this.certChainFile = requireReadable(certChainFile);
            this.keyFile = requireReadable(keyFile);
            this.keyPassword = keyPassword;
            return this;
        }

        /** The identity from a key store whose keys have {@code keyPassword}. */
        public Builder keyStore(KeyStore keyStore, char[] keyPassword) {
            this.keyStore = Objects.requireNonNull(keyStore, "keyStore");
            this.keyStorePassword = keyPassword == null ? new char[0] : keyPassword.clone();
            return this;
        }

        /** The identity from a PKCS#12 (or, for a {@code .jks} file, JKS) file; store and keys share the password. */
        public Builder keyStore(Path file, char[] password) {
            return keyStore(load(file, password), password);
        }

        /** The identity from a key and its certificate chain in memory. */
        public Builder identity(PrivateKey key, X509Certificate... chain) {
            if (chain == null || chain.length == 0) {
                throw new TlsConfigurationException("a certificate chain is required with the private key");
            }
            this.key = Objects.requireNonNull(key, "key");
            this.keyChain = List.of(chain);
            return this;
        }

        /** Trusts these certificates (a private CA, or a self-signed peer certificate). */
        public Builder trustCertificates(X509Certificate... certificates) {
            for (X509Certificate certificate : certificates) {
                trustedCertificates.add(Objects.requireNonNull(certificate, "certificate"));
            }
            return this;
        }

        /** Trusts the certificates of this store instead of the JDK default. */
        public Builder trustStore(KeyStore trustStore) {
            this.trustStore = Objects.requireNonNull(trustStore, "trustStore");
            return this;
        }

        /** Trusts the certificates of a PKCS#12 (or, for a {@code .jks} file, JKS) file instead of the JDK default. */
        public Builder trustStore(Path file, char[] password) {
            return trustStore(load(file, password));
        }

        /** Trusts every certificate and skips host name verification: tests against self-signed peers only. */
        public Builder trustAll() {
            this.trustAll = true;
            return this;
        }

        /** Restricts the TLS protocols, for example {@code "TLSv1.3"}. */
        public Builder protocols(String... protocols) {
            this.protocols = List.of(protocols);
            return this;
        }

        /** Restricts the cipher suites. */
        public Builder ciphers(String... ciphers) {
            this.ciphers = List.of(ciphers);
            return this;
        }

        /** The TLS implementation; default {@link Provider#AUTO}. */
        public Builder provider(Provider provider) {
            this.provider = Objects.requireNonNull(provider, "provider");
            return this;
        }

        /** Whether a server asks clients for certificates; default {@link ClientAuth#NONE}. */
        public Builder clientAuth(ClientAuth clientAuth) {
            this.clientAuth = Objects.requireNonNull(clientAuth, "clientAuth");
            return this;
        }

        public TlsOptions build() {
            return new TlsOptions(certChainFile, keyFile, keyPassword, keyStore, keyStorePassword, key, keyChain,
                    trustedCertificates, trustStore, trustAll, protocols, ciphers, provider, clientAuth);
        }

        private static Path requireReadable(Path file) {
            Objects.requireNonNull(file, "file");
            if (!Files.isReadable(file)) {
                throw new TlsConfigurationException("not a readable file: " + file);
            }
            return file;
        }

        private static KeyStore load(Path file, char[] password) {
            requireReadable(file);
            try (InputStream in = Files.newInputStream(file)) {
                KeyStore store = KeyStore.getInstance(file.toString().endsWith(".jks") ? "JKS" : "PKCS12");
                store.load(in, password);
                return store;
            } catch (IOException | GeneralSecurityException e) {
                throw new TlsConfigurationException("cannot read key store " + file + ": " + e.getMessage(), e);
            }
        }
    }
}
