package dev.brisk.client;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * Certificates for TLS failure tests, made with the JDK alone (EC P-256, SHA256withECDSA): a test certificate
 * authority that issues server certificates with any validity period and DNS name. The server certificates name only
 * the DNS name given (no IP addresses), so a client that connects to another name must fail host name verification.
 */
final class TestCertificates {

    private static final String ECDSA_WITH_SHA256 = "1.2.840.10045.4.3.2";
    private static final DateTimeFormatter UTC_TIME = DateTimeFormatter.ofPattern("yyMMddHHmmss'Z'")
            .withZone(ZoneOffset.UTC);
    private static final SecureRandom RANDOM = new SecureRandom();

    /** A private key with its certificate chain, leaf first. */
    record Issued(PrivateKey key, X509Certificate... chain) {
        X509Certificate certificate() {
            return chain[0];
        }
    }

    /** A certificate authority: its self-signed certificate and the key it signs with. */
    static final class Authority {
        private final KeyPair keys;
        private final String name;
        private final X509Certificate certificate;

        private Authority(String name) {
            this.name = name;
            this.keys = newKeys();
            Instant now = Instant.now();
            this.certificate = sign(keys.getPrivate(), name, name, keys.getPublic(), now.minus(Duration.ofDays(1)),
                    now.plus(Duration.ofDays(30)), caExtensions());
        }

        X509Certificate certificate() {
            return certificate;
        }

        /** A server certificate for {@code dnsName}, valid from {@code notBefore} to {@code notAfter}. */
        Issued issue(String dnsName, Instant notBefore, Instant notAfter) {
            KeyPair leaf = newKeys();
            X509Certificate certificate = sign(keys.getPrivate(), name, dnsName, leaf.getPublic(), notBefore,
                    notAfter, serverExtensions(dnsName));
            return new Issued(leaf.getPrivate(), certificate, this.certificate);
        }

        /** A server certificate for {@code dnsName}, valid from yesterday for a month. */
        Issued issue(String dnsName) {
            Instant now = Instant.now();
            return issue(dnsName, now.minus(Duration.ofDays(1)), now.plus(Duration.ofDays(30)));
        }
    }

    private TestCertificates() {
    }

    /** A new certificate authority named {@code name} (its common name). */
    static Authority authority(String name) {
        return new Authority(name);
    }

    private static KeyPair newKeys() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(new ECGenParameterSpec("secp256r1"), RANDOM);
            return generator.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static X509Certificate sign(PrivateKey issuerKey, String issuer, String subject, PublicKey subjectKey,
                                        Instant notBefore, Instant notAfter, byte[][] extensions) {
        byte[] algorithm = sequence(oid(ECDSA_WITH_SHA256));
        byte[] tbs = sequence(
                tlv(0xA0, integer(BigInteger.TWO)),                              // version 3
                integer(new BigInteger(64, RANDOM).add(BigInteger.ONE)),
                algorithm,
                name(issuer),
                sequence(utcTime(notBefore), utcTime(notAfter)),
                name(subject),
                subjectKey.getEncoded(),                                        // SubjectPublicKeyInfo
                tlv(0xA3, sequence(extensions)));
        try {
            Signature signer = Signature.getInstance("SHA256withECDSA");
            signer.initSign(issuerKey);
            signer.update(tbs);
            byte[] signature = signer.sign();
            byte[] der = sequence(tbs, algorithm, bitString((byte) 0, signature));
            return (X509Certificate) CertificateFactory.getInstance("X.509")
                    .generateCertificate(new ByteArrayInputStream(der));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[][] caExtensions() {
        return new byte[][] {
                extension("2.5.29.19", true, sequence(tlv(0x01, new byte[] {(byte) 0xFF}))),      // CA: true
                extension("2.5.29.15", true, bitString((byte) 1, new byte[] {(byte) 0x86})),     // sign certs, CRLs
        };
    }

    private static byte[][] serverExtensions(String dnsName) {
        return new byte[][] {
                extension("2.5.29.19", true, sequence()),                                         // not a CA
                extension("2.5.29.15", true, bitString((byte) 7, new byte[] {(byte) 0x80})),     // digital signature
                extension("2.5.29.37", false, sequence(oid("1.3.6.1.5.5.7.3.1"))),                // server auth
                extension("2.5.29.17", false, sequence(tlv(0x82,                                  // DNS name only
                        dnsName.getBytes(StandardCharsets.US_ASCII)))),
        };
    }

    private static byte[] extension(String oid, boolean critical, byte[] value) {
        return critical
                ? sequence(oid(oid), tlv(0x01, new byte[] {(byte) 0xFF}), tlv(0x04, value))
                : sequence(oid(oid), tlv(0x04, value));
    }

    private static byte[] name(String commonName) {
        return sequence(tlv(0x31, sequence(oid("2.5.4.3"), tlv(0x0C, commonName.getBytes(StandardCharsets.UTF_8)))));
    }

    private static byte[] utcTime(Instant time) {
        return tlv(0x17, UTC_TIME.format(time).getBytes(StandardCharsets.US_ASCII));
    }

    private static byte[] integer(BigInteger value) {
        return tlv(0x02, value.toByteArray());
    }

    private static byte[] bitString(byte unusedBits, byte[] bits) {
        byte[] content = new byte[bits.length + 1];
        content[0] = unusedBits;
        System.arraycopy(bits, 0, content, 1, bits.length);
        return tlv(0x03, content);
    }

    private static byte[] oid(String dotted) {
        String[] arcs = dotted.split("\\.");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        base128(out, Long.parseLong(arcs[0]) * 40 + Long.parseLong(arcs[1]));
        for (int i = 2; i < arcs.length; i++) {
            base128(out, Long.parseLong(arcs[i]));
        }
        return tlv(0x06, out.toByteArray());
    }

    private static void base128(ByteArrayOutputStream out, long value) {
        int groups = Math.max(1, (64 - Long.numberOfLeadingZeros(value) + 6) / 7);
        for (int i = groups - 1; i >= 0; i--) {
            out.write((int) ((value >>> (7 * i)) & 0x7F) | (i > 0 ? 0x80 : 0));
        }
    }

    private static byte[] sequence(byte[]... contents) {
        return tlv(0x30, contents);
    }

    /** Tag, definite length, contents. */
    private static byte[] tlv(int tag, byte[]... contents) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        for (byte[] content : contents) {
            body.writeBytes(content);
        }
        int length = body.size();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(tag);
        if (length < 0x80) {
            out.write(length);
        } else {
            int octets = (32 - Integer.numberOfLeadingZeros(length) + 7) / 8;
            out.write(0x80 | octets);
            for (int i = octets - 1; i >= 0; i--) {
                out.write(length >>> (8 * i));
            }
        }
        out.writeBytes(body.toByteArray());
        return out.toByteArray();
    }
}
