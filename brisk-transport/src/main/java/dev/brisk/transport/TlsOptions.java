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

    /**
     * Validates the combination and copies the lists and the password; a message names the offending component and
     * its value ({@link TlsConfigurationException}, a {@link NullPointerException} for a null list element, provider
     * or client authentication).
     */
    public TlsOptions {
        List<String> identities = new ArrayList<>(3);
        if (certChainFile != null || keyFile != null) {
            identities.add("certChainFile/keyFile");
        }
        if (keyStore != null) {
            identities.add("keyStore");
        }
        if (key != null) {
            identities.add("key");
        }
        if (identities.size() > 1) {
            throw new TlsConfigurationException("more than one identity set: " + String.join(", ", identities)
                    + ": choose one");
        }
        if (certChainFile != null && keyFile == null) {
            throw new TlsConfigurationException("keyFile must be set with certChainFile " + certChainFile + ": null");
        }
        if (keyFile != null && certChainFile == null) {
            throw new TlsConfigurationException("certChainFile must be set with keyFile " + keyFile + ": null");
        }
        keyChain = copy(keyChain, "keyChain");
        if (key != null && keyChain.isEmpty()) {
            throw new TlsConfigurationException("keyChain must not be empty with a key: []");
        }
        if (key == null && !keyChain.isEmpty()) {
            throw new TlsConfigurationException("key must be set with a keyChain of " + keyChain.size()
                    + " certificate(s): null");
        }
        trustedCertificates = copy(trustedCertificates, "trustedCertificates");
        if (trustAll && (trustStore != null || !trustedCertificates.isEmpty())) {
            throw new TlsConfigurationException("trustAll trusts every certificate: trustedCertificates ("
                    + trustedCertificates.size() + ") and trustStore (" + (trustStore == null ? "none" : "set")
                    + ") make no sense with it");
        }
        protocols = copy(protocols, "protocols");
        for (String protocol : protocols) {
            if (!KNOWN_PROTOCOLS.contains(protocol)) {
                throw new TlsConfigurationException("protocols must be among " + KNOWN_PROTOCOLS + ": '" + protocol
                        + "'");
            }
        }
        ciphers = copy(ciphers, "ciphers");
        keyStorePassword = keyStorePassword == null ? null : keyStorePassword.clone();
        Objects.requireNonNull(provider, "provider must not be null");
        Objects.requireNonNull(clientAuth, "clientAuth must not be null");
    }

    private static <T> List<T> copy(List<T> list, String name) {
        if (list == null) {
            return List.of();
        }
        for (T element : list) {
            Objects.requireNonNull(element, () -> name + " must not contain null: " + list);
        }
        return List.copyOf(list);
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

    /** A builder starting from {@link #DEFAULT}. */
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

    /**
     * Builds {@link TlsOptions}: a setter per component (null clears a nullable one), plus shortcuts that set an
     * identity or a trust source at once. {@link #build()} validates the combination.
     */
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

        /** PEM certificate chain of the identity (set {@link #keyFile} too), or null. */
        public Builder certChainFile(Path certChainFile) {
            this.certChainFile = certChainFile == null ? null : requireReadable(certChainFile, "certChainFile");
            return this;
        }

        /** PEM PKCS#8 private key of the identity (set {@link #certChainFile} too), or null. */
        public Builder keyFile(Path keyFile) {
            this.keyFile = keyFile == null ? null : requireReadable(keyFile, "keyFile");
            return this;
        }

        /** Password of an encrypted {@link #keyFile}, or null. */
        public Builder keyPassword(String keyPassword) {
            this.keyPassword = keyPassword;
            return this;
        }

        /** The identity from a PEM certificate chain and a PKCS#8 PEM key ({@code keyPassword} null if unencrypted). */
        public Builder pem(Path certChainFile, Path keyFile, String keyPassword) {
            Objects.requireNonNull(certChainFile, "certChainFile must not be null");
            Objects.requireNonNull(keyFile, "keyFile must not be null");
            return certChainFile(certChainFile).keyFile(keyFile).keyPassword(keyPassword);
        }

        /** Key store holding the identity (set {@link #keyStorePassword} too), or null. */
        public Builder keyStore(KeyStore keyStore) {
            this.keyStore = keyStore;
            return this;
        }

        /** Password of the keys in {@link #keyStore}, or null. */
        public Builder keyStorePassword(char[] keyStorePassword) {
            this.keyStorePassword = keyStorePassword == null ? null : keyStorePassword.clone();
            return this;
        }

        /** The identity from a key store whose keys have {@code keyPassword}. */
        public Builder keyStore(KeyStore keyStore, char[] keyPassword) {
            Objects.requireNonNull(keyStore, "keyStore must not be null");
            return keyStore(keyStore).keyStorePassword(keyPassword == null ? new char[0] : keyPassword);
        }

        /** The identity from a PKCS#12 (or, for a {@code .jks} file, JKS) file; store and keys share the password. */
        public Builder keyStore(Path file, char[] password) {
            return keyStore(load(file, password, "keyStore"), password);
        }

        /** The identity's private key in memory (set {@link #keyChain} too), or null. */
        public Builder key(PrivateKey key) {
            this.key = key;
            return this;
        }

        /** The certificate chain of {@link #key}; empty for none. */
        public Builder keyChain(List<X509Certificate> keyChain) {
            this.keyChain = Objects.requireNonNull(keyChain, "keyChain must not be null");
            return this;
        }

        /** The identity from a key and its certificate chain in memory. */
        public Builder identity(PrivateKey key, X509Certificate... chain) {
            Objects.requireNonNull(key, "key must not be null");
            return key(key).keyChain(Arrays.asList(Objects.requireNonNull(chain, "keyChain must not be null")));
        }

        /** The anchors trusted in addition to {@link #trustStore}, replacing those set so far; empty for none. */
        public Builder trustedCertificates(List<X509Certificate> trustedCertificates) {
            Objects.requireNonNull(trustedCertificates, "trustedCertificates must not be null");
            this.trustedCertificates.clear();
            this.trustedCertificates.addAll(trustedCertificates);
            return this;
        }

        /** Adds trusted certificates (a private CA, or a self-signed peer certificate). */
        public Builder trustCertificates(X509Certificate... certificates) {
            trustedCertificates.addAll(Arrays.asList(certificates));
            return this;
        }

        /** Trusts the certificates of this store instead of the JDK default; null for the JDK default. */
        public Builder trustStore(KeyStore trustStore) {
            this.trustStore = trustStore;
            return this;
        }

        /** Trusts the certificates of a PKCS#12 (or, for a {@code .jks} file, JKS) file instead of the JDK default. */
        public Builder trustStore(Path file, char[] password) {
            return trustStore(load(file, password, "trustStore"));
        }

        /** Whether every certificate is trusted and host names are not verified: tests against self-signed peers only. */
        public Builder trustAll(boolean trustAll) {
            this.trustAll = trustAll;
            return this;
        }

        /** Same as {@code trustAll(true)}. */
        public Builder trustAll() {
            return trustAll(true);
        }

        /** Restricts the TLS protocols, for example {@code "TLSv1.3"}; empty for the provider's defaults. */
        public Builder protocols(List<String> protocols) {
            this.protocols = Objects.requireNonNull(protocols, "protocols must not be null");
            return this;
        }

        /** Same as {@link #protocols(List)}. */
        public Builder protocols(String... protocols) {
            return protocols(Arrays.asList(protocols));
        }

        /** Restricts the cipher suites; empty for the defaults. */
        public Builder ciphers(List<String> ciphers) {
            this.ciphers = Objects.requireNonNull(ciphers, "ciphers must not be null");
            return this;
        }

        /** Same as {@link #ciphers(List)}. */
        public Builder ciphers(String... ciphers) {
            return ciphers(Arrays.asList(ciphers));
        }

        /** The TLS implementation; default {@link Provider#AUTO}. */
        public Builder provider(Provider provider) {
            this.provider = provider;
            return this;
        }

        /** Whether a server asks clients for certificates; default {@link ClientAuth#NONE}. */
        public Builder clientAuth(ClientAuth clientAuth) {
            this.clientAuth = clientAuth;
            return this;
        }

        /** The options; fails with a {@link TlsConfigurationException} naming the component at fault. */
        public TlsOptions build() {
            return new TlsOptions(certChainFile, keyFile, keyPassword, keyStore, keyStorePassword, key, keyChain,
                    trustedCertificates, trustStore, trustAll, protocols, ciphers, provider, clientAuth);
        }

        private static Path requireReadable(Path file, String name) {
            Objects.requireNonNull(file, () -> name + " must not be null");
            if (!Files.isReadable(file)) {
                throw new TlsConfigurationException(name + " must be a readable file: " + file);
            }
            return file;
        }

        private static KeyStore load(Path file, char[] password, String name) {
            requireReadable(file, name);
            try (InputStream in = Files.newInputStream(file)) {
                KeyStore store = KeyStore.getInstance(file.toString().endsWith(".jks") ? "JKS" : "PKCS12");
                store.load(in, password);
                return store;
            } catch (IOException | GeneralSecurityException e) {
                throw new TlsConfigurationException(name + ": cannot read key store " + file + ": " + e.getMessage(),
                        e);
            }
        }
    }
}
