package dev.brisk.rpc;

import dev.brisk.rpc.internal.ProviderSelection;
import dev.brisk.transport.spi.Checks;

/**
 * Which providers one proxy of an {@link RpcClient} calls, given to {@link RpcClient#proxy(Class, java.util.function.Consumer)}
 * and starting from the client's own {@link RpcClientOptions#version()} and {@link RpcClientOptions#group()}:
 *
 * <pre>{@code
 * OrderService orders = client.proxy(OrderService.class, ref -> ref.version("[2.0,3.0)").group("eu"));
 * }</pre>
 *
 * @param version the provider versions accepted: empty or {@code *} for any (the default), one version
 *                ({@code 2.1.0}, equal by numeric parts: {@code 2.1} is {@code 2.1.0}) or a range in Maven's notation
 *                ({@code [2.0,3.0)}, {@code [2.0,)}, {@code (,3.0]}); a provider without a version is accepted only
 *                by any
 * @param group   the providers' group: empty (the default) for providers without a group, {@code *} for every
 *                provider, otherwise exactly that group
 */
public record ReferenceOptions(String version, String group) {

    /** Any version, providers without a group. */
    public static final ReferenceOptions DEFAULT = new ReferenceOptions("", "");

    /** Validates both; an invalid range fails naming it. */
    public ReferenceOptions {
        Checks.notNull(version, "version");
        Checks.notNull(group, "group");
        ProviderSelection.of(version, group);
        version = version.strip();
        group = group.strip();
    }

    /** A builder starting from these options. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** Builds {@link ReferenceOptions}; {@link #build()} validates. */
    public static final class Builder {

        private String version;
        private String group;

        private Builder(ReferenceOptions from) {
            this.version = from.version;
            this.group = from.group;
        }

        /** Provider versions accepted: {@code 2.1.0}, {@code [2.0,3.0)}..., empty or {@code *} for any. */
        public Builder version(String version) {
            this.version = version;
            return this;
        }

        /** The providers' group: empty for those without one, {@code *} for all. */
        public Builder group(String group) {
            this.group = group;
            return this;
        }

        /** The options; fails with a message naming an invalid version range. */
        public ReferenceOptions build() {
            return new ReferenceOptions(version, group);
        }
    }
}
