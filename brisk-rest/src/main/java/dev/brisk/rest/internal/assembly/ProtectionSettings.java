package dev.brisk.rest.internal.assembly;

import dev.brisk.http.ServerRequest;
import dev.brisk.rest.feature.Feature;
import dev.brisk.rest.internal.feature.ProtectionFeature;
import dev.brisk.rest.protect.ConcurrencyLimit;
import dev.brisk.rest.protect.ForwardedHeader;
import dev.brisk.rest.protect.IpFilter;
import dev.brisk.rest.protect.LoadShedding;
import dev.brisk.rest.protect.ProtectionConfig;
import dev.brisk.rest.protect.ProtectionOptions;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;

/** The builder's {@link ProtectionConfig}: a {@link ProtectionOptions.Builder} behind it. */
final class ProtectionSettings implements ProtectionConfig {

    private ProtectionOptions.Builder options = ProtectionOptions.builder();

    @Override
    public ProtectionConfig options(ProtectionOptions options) {
        this.options = Objects.requireNonNull(options, "protection must not be null").toBuilder();
        return this;
    }

    @Override
    public ProtectionOptions options() {
        return options.build();
    }

    @Override
    public ProtectionConfig concurrencyLimit(ConcurrencyLimit limit) {
        options.concurrencyLimit(limit);
        return this;
    }

    @Override
    public ProtectionConfig concurrencyLimitExempt(Predicate<ServerRequest> exempt) {
        options.limitExempt(Objects.requireNonNull(exempt, "exempt must not be null"));
        return this;
    }

    @Override
    public ProtectionConfig loadShedding(LoadShedding shedding) {
        options.loadShedding(shedding);
        return this;
    }

    @Override
    public ProtectionConfig requestTimeout(Duration timeout) {
        options.requestTimeout(timeout);
        return this;
    }

    @Override
    public ProtectionConfig ipFilter(IpFilter filter) {
        options.addIpFilter(filter);
        return this;
    }

    @Override
    public ProtectionConfig trustedProxies(String... ranges) {
        options.trustedProxies(List.of(ranges));
        return this;
    }

    @Override
    public ProtectionConfig forwardedHeader(ForwardedHeader header) {
        options.forwardedHeader(header);
        return this;
    }

    @Override
    public ProtectionConfig retryAfter(Duration retryAfter) {
        options.retryAfter(retryAfter);
        return this;
    }

    /** The feature that installs these settings. */
    Feature feature() {
        return new ProtectionFeature(options.build());
    }
}
