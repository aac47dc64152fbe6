package dev.brisk.transport;

import dev.brisk.transport.internal.Der;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.math.BigInteger;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * A self-signed certificate (EC P-256, SHA256withECDSA) for development and tests, made with the JDK alone. It names
 * the given host names plus {@code 127.0.0.1} and {@code ::1} as subject alternative names, and is valid from a day
 * ago for a year.
 */
public final class SelfSignedCertificate {

    private static final String ECDSA_WITH_SHA256 = "1.2.840.10045.4.3.2";

    /** Where {@link #writePem(Path)} put the files. */
    public record PemFiles(Path certificate, Path privateKey) {
    }

    private final X509Certificate certificate;
    private final PrivateKey privateKey;

    private SelfSignedCertificate(X509Certificate certificate, PrivateKey privateKey) {
        this.certificate = certificate;
        this.privateKey = privateKey;
    }

    /** A new certificate for {@code hostnames} (default {@code localhost}). */
    public static SelfSignedCertificate create(String... hostnames) {
        List<String> names = hostnames == null || hostnames.length == 0 ? List.of("localhost") : List.of(hostnames);
        for (String name : names) {
            if (name == null || name.isBlank()) {
                throw new IllegalArgumentException("host names must not be empty");
            }
        }
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(new ECGenParameterSpec("secp256r1"), new SecureRandom());
            KeyPair keys = generator.generateKeyPair();
            byte[] algorithm = Der.sequence(Der.oid(ECDSA_WITH_SHA256));
            byte[] name = Der.sequence(Der.set(Der.sequence(Der.oid("2.5.4.3"), Der.utf8(names.get(0)))));
            ZonedDateTime now = ZonedDateTime.now();
            byte[] tbs = Der.sequence(
                    Der.explicit(0, Der.integer(BigInteger.TWO)),
                    Der.integer(new BigInteger(127, new SecureRandom()).add(BigInteger.ONE)),
                    algorithm,
                    name,
                    Der.sequence(Der.utcTime(now.minusDays(1)), Der.utcTime(now.plusDays(365))),
                    name,
                    keys.getPublic().getEncoded(),
                    Der.explicit(3, Der.sequence(extensions(names))));
            Signature signer = Signature.getInstance("SHA256withECDSA");
            signer.initSign(keys.getPrivate());
            signer.update(tbs);
            byte[] der = Der.sequence(tbs, algorithm, Der.bitString(signer.sign()));
            X509Certificate certificate = (X509Certificate) CertificateFactory.getInstance("X.509")
                    .generateCertificate(new ByteArrayInputStream(der));
            return new SelfSignedCertificate(certificate, keys.getPrivate());
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalStateException("cannot create a self-signed certificate: " + e.getMessage(), e);
        }
    }

    private static byte[][] extensions(List<String> names) throws IOException {
        List<byte[]> altNames = new ArrayList<>();
        for (String name : names) {
            altNames.add(Der.implicit(2, name.getBytes(StandardCharsets.US_ASCII)));
        }
        altNames.add(Der.implicit(7, InetAddress.getByName("127.0.0.1").getAddress()));
        altNames.add(Der.implicit(7, InetAddress.getByName("::1").getAddress()));
        return new byte[][] {
                extension("2.5.29.19", true, Der.sequence()),
                extension("2.5.29.15", true, Der.tlv(0x03, new byte[] {5, (byte) 0xA0})),
                extension("2.5.29.37", false, Der.sequence(Der.oid("1.3.6.1.5.5.7.3.1"))),
                extension("2.5.29.17", false, Der.sequence(altNames.toArray(new byte[0][]))),
        };
    }

    private static byte[] extension(String oid, boolean critical, byte[] value) {
        return critical
                ? Der.sequence(Der.oid(oid), Der.bool(true), Der.octetString(value))
                : Der.sequence(Der.oid(oid), Der.octetString(value));
    }

    /** The certificate. */
    public X509Certificate certificate() {
        return certificate;
    }

    /** Its private key. */
    public PrivateKey privateKey() {
        return privateKey;
    }

    /** The certificate in PEM. */
    public String certificatePem() {
        try {
            return pem("CERTIFICATE", certificate.getEncoded());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The private key in PKCS#8 PEM. */
    public String privateKeyPem() {
        return pem("PRIVATE KEY", privateKey.getEncoded());
    }

    private static String pem(String type, byte[] der) {
        String body = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(der);
        return "-----BEGIN " + type + "-----\n" + body + "\n-----END " + type + "-----\n";
    }

    /** Writes {@code cert.pem} and {@code key.pem} (readable by the owner only where supported) into {@code dir}. */
    public PemFiles writePem(Path directory) throws IOException {
        Files.createDirectories(directory);
        Path cert = directory.resolve("cert.pem");
        Path key = directory.resolve("key.pem");
        Files.writeString(cert, certificatePem(), StandardCharsets.US_ASCII);
        Files.writeString(key, privateKeyPem(), StandardCharsets.US_ASCII);
        if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
            Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-------"));
        }
        return new PemFiles(cert, key);
    }

    /** A PKCS#12 key store holding the key and certificate under the alias {@code brisk}. */
    public KeyStore keyStore(char[] password) {
        try {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            store.setKeyEntry("brisk", privateKey, password, new Certificate[] {certificate});
            return store;
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Writes {@link #keyStore(char[])} to {@code file}. */
    public Path writePkcs12(Path file, char[] password) throws IOException {
        try (OutputStream out = Files.newOutputStream(file)) {
            keyStore(password).store(out, password);
        } catch (GeneralSecurityException e) {
            throw new IOException(e);
        }
        return file;
    }

    /** A trust store holding only this certificate, for clients. */
    public KeyStore trustStore() {
        try {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            store.setCertificateEntry("brisk", certificate);
            return store;
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A client TLS context that trusts this certificate and nothing else. */
    public SSLContext clientSslContext() {
        try {
            TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            tmf.init(trustStore());
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, tmf.getTrustManagers(), null);
            return context;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
