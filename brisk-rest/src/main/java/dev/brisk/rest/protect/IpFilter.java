package dev.brisk.rest.protect;

import dev.brisk.rest.internal.protect.Cidr;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Which client addresses may reach the paths under some patterns, as CIDR ranges of IPv4 or IPv6 addresses
 * ({@code 10.0.0.0/8}, {@code 2001:db8::/32}; a bare address is a range of one). A request is refused with
 * {@code 403} when its client address is in a {@code deny} range, or when {@code allow} ranges are given and it is
 * in none of them. The client address is the connection's peer, or behind trusted proxies
 * ({@link ProtectionConfig#trustedProxies}) the address they report in {@code Forwarded} or
 * {@code X-Forwarded-For}.
 *
 * <pre>{@code
 * Brisk.server().protection(p -> p.ipFilter(IpFilter.builder().paths("/admin/**").allow("10.0.0.0/8", "fd00::/8")
 *         .build()));
 * }</pre>
 *
 * @param paths path patterns (route template syntax, within the context path) the filter applies to; default
 *              {@code /**}, every path
 * @param allow ranges a client must be in, if any
 * @param deny  ranges a client must not be in
 */
public record IpFilter(List<String> paths, List<String> allow, List<String> deny) {

    /** Validates the ranges and patterns; a message names the offending one. */
    public IpFilter {
        paths = List.copyOf(Objects.requireNonNull(paths, "paths must not be null"));
        allow = List.copyOf(Objects.requireNonNull(allow, "allow must not be null"));
        deny = List.copyOf(Objects.requireNonNull(deny, "deny must not be null"));
        if (paths.isEmpty()) {
            throw new IllegalArgumentException("paths must not be empty");
        }
        for (String path : paths) {
            if (!path.startsWith("/")) {
                throw new IllegalArgumentException("paths must start with '/': " + path);
            }
        }
        allow.forEach(Cidr::parse);
        deny.forEach(Cidr::parse);
    }

    /** Only clients in {@code ranges} may reach any path. */
    public static IpFilter allow(String... ranges) {
        return builder().allow(ranges).build();
    }

    /** Clients in {@code ranges} may reach no path. */
    public static IpFilter deny(String... ranges) {
        return builder().deny(ranges).build();
    }

    /** A builder for every path, allowing everyone. */
    public static Builder builder() {
        return new Builder();
    }

    /** Builds an {@link IpFilter}; {@link #build()} validates. */
    public static final class Builder {
        private List<String> paths = List.of("/**");
        private List<String> allow = List.of();
        private List<String> deny = List.of();

        private Builder() {
        }

        /** The path patterns the filter applies to. */
        public Builder paths(String... patterns) {
            this.paths = Arrays.asList(patterns);
            return this;
        }

        /** Ranges a client must be in. */
        public Builder allow(String... ranges) {
            this.allow = Arrays.asList(ranges);
            return this;
        }

        /** Ranges a client must not be in. */
        public Builder deny(String... ranges) {
            this.deny = Arrays.asList(ranges);
            return this;
        }

        public IpFilter build() {
            return new IpFilter(paths, allow, deny);
        }
    }
}
