package dev.brisk.client;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Objects;

/**
 * How the client does TLS for {@code https://}: which certificates it trusts (the JDK's default trust store unless
 * told otherwise), an optional client certificate for mutual TLS, and optional protocol and cipher restrictions. Host
 * name verification ({@code HTTPS} endpoint identification) and SNI are always on, except with {@link #insecure()}.
 *
 * <pre>{@code
 * BriskClient.builder().tls(ClientTls.builder().trustCertificates(caCert).build()).build();
 * }</pre>
 */
public final class ClientTls {

    /** The JDK's trust store, host name verification on. */
    public static final ClientTls DEFAULT = builder().build();

    private final List<X509Certificate> trustedCertificates;
    private final KeyStore trustStore;
    private final KeyStore keyStore;
    private final char[] keyPassword;
    private final PrivateKey key;
    private final List<X509Certificate> keyChain;
    private final List<String> protocols;
    private final List<String> ciphers;
    private final boolean insecure;

    private ClientTls(Builder b) {
        this.trustedCertificates = List.copyOf(b.trustedCertificates);
        this.trustStore = b.trustStore;
        this.keyStore = b.keyStore;
        this.keyPassword = b.keyPassword;
        this.key = b.key;
        this.keyChain = b.keyChain;
        this.protocols = b.protocols;
        this.ciphers = b.ciphers;
        this.insecure = b.insecure;
    }

    /**
     * Trusts every certificate and skips host name verification. For tests against self-signed servers only: it
     * gives up all protection against impostors.
     */
    public static ClientTls insecure() {
        Builder builder = builder();
        builder.insecure = true;
        return builder.build();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Certificates trusted as anchors, in addition to {@link #trustStore()}; empty for the JDK default. */
    public List<X509Certificate> trustedCertificates() {
        return trustedCertificates;
    }

    /** A trust store replacing the JDK default, or null. */
    public KeyStore trustStore() {
        return trustStore;
    }

    /** The key store holding the client certificate, or null. */
    public KeyStore keyStore() {
        return keyStore;
    }

    /** The password of the keys in {@link #keyStore()}, or null. */
    public char[] keyPassword() {
        return keyPassword == null ? null : keyPassword.clone();
    }

    /** The client key given directly, or null. */
    public PrivateKey key() {
        return key;
    }

    /** The chain of {@link #key()}, or null. */
    public List<X509Certificate> keyChain() {
        return keyChain;
    }

    /** The enabled protocols (for example {@code TLSv1.3}), or null for the provider's defaults. */
    public List<String> protocols() {
        return protocols;
    }

    /** The enabled cipher suites, or null for the provider's defaults. */
    public List<String> ciphers() {
        return ciphers;
    }

    /** Whether every certificate is trusted and host names are not checked. */
    public boolean isInsecure() {
        return insecure;
    }

    @Override
    public String toString() {
        return insecure ? "ClientTls[insecure]" : "ClientTls[trusted=" + trustedCertificates.size()
                + (trustStore != null ? ", trustStore" : "") + (keyStore != null || key != null ? ", clientCert" : "")
                + (protocols != null ? ", protocols=" + protocols : "") + "]";
    }

    /** Builds a {@link ClientTls}. */
    public static final class Builder {
        private final java.util.ArrayList<X509Certificate> trustedCertificates = new java.util.ArrayList<>();
        private KeyStore trustStore;
        private KeyStore keyStore;
        private char[] keyPassword;
        private PrivateKey key;
        private List<X509Certificate> keyChain;
        private List<String> protocols;
        private List<String> ciphers;
        private boolean insecure;

        private Builder() {
        }

        /** Trusts these certificates (a private CA, or a self-signed server certificate). */
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

        /** Trusts the certificates of a PKCS#12 (or JKS) file instead of the JDK default. */
        public Builder trustStore(Path file, char[] password) {
            return trustStore(load(file, password));
        }

        /** Presents the key and certificate of this store to servers that ask (mutual TLS). */
        public Builder keyStore(KeyStore keyStore, char[] keyPassword) {
            this.keyStore = Objects.requireNonNull(keyStore, "keyStore");
            this.keyPassword = keyPassword == null ? new char[0] : keyPassword.clone();
            return this;
        }

        /** Presents the key and certificate of a PKCS#12 (or JKS) file to servers that ask (mutual TLS). */
        public Builder keyStore(Path file, char[] password) {
            return keyStore(load(file, password), password);
        }

        /** Presents this key and certificate chain to servers that ask (mutual TLS). */
        public Builder clientCertificate(PrivateKey key, X509Certificate... chain) {
            if (chain == null || chain.length == 0) {
                throw new IllegalArgumentException("a client certificate chain is required");
            }
            this.key = Objects.requireNonNull(key, "key");
            this.keyChain = List.of(chain);
            return this;
        }

        /** Restricts the TLS protocols, e.g. {@code "TLSv1.3"}. */
        public Builder protocols(String... protocols) {
            this.protocols = List.of(protocols);
            return this;
        }

        /** Restricts the cipher suites. */
        public Builder ciphers(String... ciphers) {
            this.ciphers = List.of(ciphers);
            return this;
        }

        public ClientTls build() {
            return new ClientTls(this);
        }

        private static KeyStore load(Path file, char[] password) {
            Objects.requireNonNull(file, "file");
            try (InputStream in = Files.newInputStream(file)) {
                String type = file.toString().endsWith(".jks") ? "JKS" : "PKCS12";
                KeyStore store = KeyStore.getInstance(type);
                store.load(in, password);
                return store;
            } catch (IOException | GeneralSecurityException e) {
                throw new IllegalArgumentException("cannot read key store " + file + ": " + e.getMessage(), e);
            }
        }
    }
}
