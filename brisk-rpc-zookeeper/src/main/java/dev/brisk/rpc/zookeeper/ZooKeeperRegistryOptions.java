package dev.brisk.rpc.zookeeper;

import static dev.brisk.transport.spi.Checks.notNull;
import static dev.brisk.transport.spi.Checks.positive;

import dev.brisk.rpc.zookeeper.internal.ConnectStrings;

import java.time.Duration;

/**
 * How a {@link ZooKeeperRegistry} reaches ZooKeeper and where it keeps its nodes. Immutable and validated when built:
 * a message names the component and the offending value.
 *
 * @param connectString     the ensemble, {@code host:port} pairs separated by commas, an optional {@code /chroot}
 *                          after the last (not a URL: {@code zookeeper://} is refused); empty (the default) only when
 *                          the application hands its own {@code CuratorFramework} to the registry
 * @param namespace         the top node under which everything lives ({@code /<namespace>/services/...}), a single
 *                          path element, {@code brisk} by default
 * @param sessionTimeout    how long ZooKeeper keeps a silent session, and with it the providers it registered, 30 s
 *                          by default (the server may narrow it to its own limits)
 * @param connectionTimeout how long an operation waits for a connection, and how long registering and subscribing
 *                          wait for their first answer, 15 s by default
 * @param retryBaseSleep    the first pause of the exponential backoff between retries of a failed operation, 1 s by
 *                          default
 * @param retryMaxSleep     the longest pause between retries, 30 s by default
 * @param retryMaxAttempts  retries of a failed operation, within [0, 29], 3 by default
 */
public record ZooKeeperRegistryOptions(String connectString, String namespace, Duration sessionTimeout,
                                       Duration connectionTimeout, Duration retryBaseSleep, Duration retryMaxSleep,
                                       int retryMaxAttempts) {

    /** The defaults (no connect string). */
    public static final ZooKeeperRegistryOptions DEFAULT = new Builder().build();

    /** Validates every component. */
    public ZooKeeperRegistryOptions {
        notNull(connectString, "connectString");
        notNull(namespace, "namespace");
        if (!connectString.isEmpty() && connectString.isBlank()) {
            throw new IllegalArgumentException("connectString must not be blank: '" + connectString + "'");
        }
        if (!connectString.isEmpty()) {
            ConnectStrings.check(connectString);
        }
        if (namespace.isBlank() || namespace.indexOf('/') >= 0 || namespace.equals(".") || namespace.equals("..")
                || namespace.chars().anyMatch(Character::isISOControl)) {
            throw new IllegalArgumentException("namespace must be one ZooKeeper path element (not blank, no '/'): '"
                    + namespace + "'");
        }
        positive(sessionTimeout, "sessionTimeout");
        positive(connectionTimeout, "connectionTimeout");
        positive(retryBaseSleep, "retryBaseSleep");
        positive(retryMaxSleep, "retryMaxSleep");
        if (retryMaxSleep.compareTo(retryBaseSleep) < 0) {
            throw new IllegalArgumentException("retryMaxSleep must be >= retryBaseSleep (" + retryBaseSleep + "): "
                    + retryMaxSleep);
        }
        if (retryMaxAttempts < 0 || retryMaxAttempts > 29) {
            throw new IllegalArgumentException("retryMaxAttempts must be within [0, 29]: " + retryMaxAttempts);
        }
        millis(sessionTimeout, "sessionTimeout");
        millis(connectionTimeout, "connectionTimeout");
        millis(retryBaseSleep, "retryBaseSleep");
        millis(retryMaxSleep, "retryMaxSleep");
    }

    private static void millis(Duration value, String name) {
        if (value.toMillis() < 1 || value.toMillis() > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(name + " must be within [1 ms, " + Integer.MAX_VALUE + " ms]: "
                    + value);
        }
    }

    /** A builder starting from the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder starting from these options. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** Builds {@link ZooKeeperRegistryOptions}; setters do not validate, {@link #build()} does. */
    public static final class Builder {

        private String connectString = "";
        private String namespace = "brisk";
        private Duration sessionTimeout = Duration.ofSeconds(30);
        private Duration connectionTimeout = Duration.ofSeconds(15);
        private Duration retryBaseSleep = Duration.ofSeconds(1);
        private Duration retryMaxSleep = Duration.ofSeconds(30);
        private int retryMaxAttempts = 3;

        private Builder() {
        }

        private Builder(ZooKeeperRegistryOptions o) {
            connectString = o.connectString;
            namespace = o.namespace;
            sessionTimeout = o.sessionTimeout;
            connectionTimeout = o.connectionTimeout;
            retryBaseSleep = o.retryBaseSleep;
            retryMaxSleep = o.retryMaxSleep;
            retryMaxAttempts = o.retryMaxAttempts;
        }

        /** The ensemble, {@code host:port} pairs separated by commas. */
        public Builder connectString(String connectString) {
            this.connectString = connectString;
            return this;
        }

        /** The top node; default {@code brisk}. */
        public Builder namespace(String namespace) {
            this.namespace = namespace;
            return this;
        }

        /** The session timeout; default 30 s. */
        public Builder sessionTimeout(Duration sessionTimeout) {
            this.sessionTimeout = sessionTimeout;
            return this;
        }

        /** The connection timeout; default 15 s. */
        public Builder connectionTimeout(Duration connectionTimeout) {
            this.connectionTimeout = connectionTimeout;
            return this;
        }

        /** The first pause between retries; default 1 s. */
        public Builder retryBaseSleep(Duration retryBaseSleep) {
            this.retryBaseSleep = retryBaseSleep;
            return this;
        }

        /** The longest pause between retries; default 30 s. */
        public Builder retryMaxSleep(Duration retryMaxSleep) {
            this.retryMaxSleep = retryMaxSleep;
            return this;
        }

        /** Retries of a failed operation; default 3. */
        public Builder retryMaxAttempts(int retryMaxAttempts) {
            this.retryMaxAttempts = retryMaxAttempts;
            return this;
        }

        /** Validates and builds. */
        public ZooKeeperRegistryOptions build() {
            return new ZooKeeperRegistryOptions(connectString, namespace, sessionTimeout, connectionTimeout,
                    retryBaseSleep, retryMaxSleep, retryMaxAttempts);
        }
    }
}
