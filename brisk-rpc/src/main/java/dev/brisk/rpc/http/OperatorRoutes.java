package dev.brisk.rpc.http;

import dev.brisk.rpc.RpcClient;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The operator's routes of an {@link dev.brisk.rpc.RpcServer}'s HTTP face, off unless given to
 * {@link dev.brisk.rpc.RpcServer.Builder#operatorRoutes(OperatorRoutes)}: {@code GET /rpc/providers} (the server's
 * state and the providers each given {@link RpcClient} sees), {@code POST /rpc/offline} and {@code POST /rpc/online}
 * (the server's {@code offline()} and {@code online()}). They change what the server does, so they always ask for
 * access control: a bearer token, requests from the loopback interface only, or both.
 *
 * <pre>{@code
 * OperatorRoutes operator = OperatorRoutes.builder().bearerToken(System.getenv("RPC_OPERATOR_TOKEN"))
 *         .client("orders", ordersClient).build();
 * RpcServer.builder().service(UserService.class, impl).http(true).operatorRoutes(operator).start();
 * }</pre>
 */
public final class OperatorRoutes {

    private final byte[] tokenDigest;
    private final boolean loopbackOnly;
    private final Map<String, RpcClient> clients;

    private OperatorRoutes(Builder builder) {
        this.tokenDigest = builder.token == null ? null : digest(builder.token);
        this.loopbackOnly = builder.loopbackOnly;
        this.clients = Map.copyOf(builder.clients);
    }

    /** A builder with no access control yet: {@link Builder#build()} insists on some. */
    public static Builder builder() {
        return new Builder();
    }

    /** Whether a request must carry {@code Authorization: Bearer <token>}. */
    public boolean requiresToken() {
        return tokenDigest != null;
    }

    /**
     * Whether {@code presented} is the token, compared in constant time (over digests of both, so that not even the
     * length is told); {@code false} when no token is set.
     */
    public boolean acceptsToken(String presented) {
        if (tokenDigest == null || presented == null) {
            return false;
        }
        return MessageDigest.isEqual(tokenDigest, digest(presented));
    }

    /** Whether only requests from a loopback address are served. */
    public boolean loopbackOnly() {
        return loopbackOnly;
    }

    /** The clients whose providers {@code GET /rpc/providers} shows, by the names given. */
    public Map<String, RpcClient> clients() {
        return clients;
    }

    private static byte[] digest(String token) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    @Override
    public String toString() {
        return "OperatorRoutes[token=" + (tokenDigest != null ? "set" : "none") + ", loopbackOnly=" + loopbackOnly
                + ", clients=" + clients.keySet() + "]";
    }

    /** Collects the access control and the clients; {@link #build()} makes the routes. */
    public static final class Builder {

        private String token;
        private boolean loopbackOnly;
        private final Map<String, RpcClient> clients = new LinkedHashMap<>();

        private Builder() {
        }

        /**
         * Requires {@code Authorization: Bearer <token>} on every operator request: a missing or wrong one is answered
         * {@code 401} with {@code WWW-Authenticate}. Use a long random token (32 bytes or more).
         */
        public Builder bearerToken(String token) {
            Objects.requireNonNull(token, "token must not be null");
            if (token.isBlank() || !token.strip().equals(token)) {
                throw new IllegalArgumentException("token must not be blank nor start or end with spaces");
            }
            this.token = token;
            return this;
        }

        /** Serves operator requests from loopback addresses only ({@code 403} to others); default off. */
        public Builder loopbackOnly(boolean loopbackOnly) {
            this.loopbackOnly = loopbackOnly;
            return this;
        }

        /** Shows the providers {@code client} sees under {@code name} in {@code GET /rpc/providers}. */
        public Builder client(String name, RpcClient client) {
            Objects.requireNonNull(name, "name must not be null");
            Objects.requireNonNull(client, "client must not be null");
            if (clients.putIfAbsent(name, client) != null) {
                throw new IllegalArgumentException("a client is already named '" + name + "'");
            }
            return this;
        }

        /** Makes the routes; fails when neither a token nor loopback-only was set. */
        public OperatorRoutes build() {
            if (token == null && !loopbackOnly) {
                throw new IllegalStateException("operator routes change what the server does and need access"
                        + " control: set bearerToken(..), loopbackOnly(true), or both");
            }
            return new OperatorRoutes(this);
        }
    }
}
