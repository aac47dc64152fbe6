package dev.brisk.spring.boot.servletapi;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;

import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;

/**
 * RSA keys and the JWTs they sign, as an authorization server issues them, for the resource-server tests. Apart from
 * the test classes so that those name no nimbus type (JUnit reads their method signatures even where nimbus is
 * absent).
 */
final class JwtTokens {

    static final String ISSUER = "https://issuer.example.com";

    private JwtTokens() {
    }

    static KeyPair rsaKeys() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            return generator.generateKeyPair();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A token of {@code subject} with {@code scope} (space-separated), signed RS256 with {@code keys}. */
    static String signed(KeyPair keys, String subject, String scope, Instant expiry) {
        JWTClaimsSet claims = new JWTClaimsSet.Builder().subject(subject).issuer(ISSUER).claim("scope", scope)
                .issueTime(Date.from(expiry.minusSeconds(600))).expirationTime(Date.from(expiry)).build();
        SignedJWT jwt = new SignedJWT(new JWSHeader(JWSAlgorithm.RS256), claims);
        try {
            jwt.sign(new RSASSASigner(keys.getPrivate()));
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
        return jwt.serialize();
    }

    /** The public key of {@code keys} as a PEM file holds it. */
    static String publicKeyPem(KeyPair keys) {
        return "-----BEGIN PUBLIC KEY-----\n"
                + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                .encodeToString(keys.getPublic().getEncoded())
                + "\n-----END PUBLIC KEY-----\n";
    }
}
