package dev.brisk.http;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.Arrays;
import java.util.Objects;

/**
 * Where the server's TLS identity comes from: PEM files, a PKCS#12 key store, or keys in memory. OpenSSL (BoringSSL
 * from {@code netty-tcnative-boringssl-static}) is used when it is on the class path, the JDK provider otherwise.
 */
public final class TlsOptions {

    /** Which TLS implementation to use. */
    public enum Provider {
        /** OpenSSL when available, else the JDK. */
        AUTO,
        /** OpenSSL through netty-tcnative; fails at start when it is missing. */
        OPENSSL,
        /** The JDK's own TLS. */
        JDK
    }

    private final Path certChainFile;
    private final Path keyFile;
    private final String keyPassword;
    private final Path keyStoreFile;
    private final char[] keyStorePassword;
    private final PrivateKey key;
    private final X509Certificate[] chain;
    private final Provider provider;

    private TlsOptions(Path certChainFile, Path keyFile, String keyPassword, Path keyStoreFile, char[] keyStorePassword,
                       PrivateKey key, X509Certificate[] chain, Provider provider) {
        this.certChainFile = certChainFile;
        this.keyFile = keyFile;
        this.keyPassword = keyPassword;
        this.keyStoreFile = keyStoreFile;
        this.keyStorePassword = keyStorePassword;
        this.key = key;
        this.chain = chain;
        this.provider = provider;
    }

    /** A PEM certificate chain and an unencrypted PKCS#8 PEM private key. */
    public static TlsOptions pem(Path certChainFile, Path keyFile) {
        return pem(certChainFile, keyFile, null);
    }

    /** A PEM certificate chain and a PKCS#8 PEM private key encrypted with {@code keyPassword} (null if none). */
    public static TlsOptions pem(Path certChainFile, Path keyFile, String keyPassword) {
        requireReadable(certChainFile);
        requireReadable(keyFile);
        return new TlsOptions(certChainFile, keyFile, keyPassword, null, null, null, null, Provider.AUTO);
    }

    /** A PKCS#12 key store holding the key and its chain. */
    public static TlsOptions pkcs12(Path keyStoreFile, char[] password) {
        requireReadable(keyStoreFile);
        return new TlsOptions(null, null, null, keyStoreFile, password == null ? new char[0] : password.clone(),
                null, null, Provider.AUTO);
    }

    /** A key and its certificate chain already in memory. */
    public static TlsOptions of(PrivateKey key, X509Certificate... chain) {
        Objects.requireNonNull(key, "key");
        if (chain == null || chain.length == 0) {
            throw new IllegalArgumentException("a certificate chain is required");
        }
        return new TlsOptions(null, null, null, null, null, key, chain.clone(), Provider.AUTO);
    }

    /** A fresh self-signed certificate for {@code localhost}: for development and tests only. */
    public static TlsOptions selfSigned() {
        SelfSignedCertificate certificate = SelfSignedCertificate.create("localhost");
        return of(certificate.privateKey(), certificate.certificate());
    }

    /** The same identity with another TLS implementation. */
    public TlsOptions provider(Provider provider) {
        return new TlsOptions(certChainFile, keyFile, keyPassword, keyStoreFile, keyStorePassword, key, chain,
                Objects.requireNonNull(provider, "provider"));
    }

    public Provider provider() {
        return provider;
    }

    /** PEM certificate chain file, or null. */
    public Path certChainFile() {
        return certChainFile;
    }

    /** PEM key file, or null. */
    public Path keyFile() {
        return keyFile;
    }

    /** Password of the PEM key, or null. */
    public String keyPassword() {
        return keyPassword;
    }

    /** PKCS#12 file, or null. */
    public Path keyStoreFile() {
        return keyStoreFile;
    }

    /** PKCS#12 password, or null. */
    public char[] keyStorePassword() {
        return keyStorePassword == null ? null : keyStorePassword.clone();
    }

    /** In-memory key, or null. */
    public PrivateKey key() {
        return key;
    }

    /** In-memory chain, or null. */
    public X509Certificate[] chain() {
        return chain == null ? null : chain.clone();
    }

    @Override
    public String toString() {
        String source = certChainFile != null ? "pem " + certChainFile
                : keyStoreFile != null ? "pkcs12 " + keyStoreFile
                : "in-memory " + Arrays.stream(chain).map(c -> c.getSubjectX500Principal().getName()).toList();
        return "TlsOptions[" + source + ", provider=" + provider + "]";
    }

    private static void requireReadable(Path file) {
        Objects.requireNonNull(file, "file");
        if (!Files.isReadable(file)) {
            throw new IllegalArgumentException("not a readable file: " + file);
        }
    }
}
