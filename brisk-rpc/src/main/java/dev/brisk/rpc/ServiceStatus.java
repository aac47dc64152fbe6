package dev.brisk.rpc;

import java.util.List;
import java.util.Objects;

/**
 * The providers of one service as an {@link RpcClient} sees them at one moment: part of {@link RpcClient#providers()}.
 *
 * @param service   the service's wire name ({@link RpcService} or the interface's binary name)
 * @param providers its providers as the registry last reported them, in that order, copied
 */
public record ServiceStatus(String service, List<ProviderStatus> providers) {

    /** Checks that no component is null and copies the list. */
    public ServiceStatus {
        Objects.requireNonNull(service, "service must not be null");
        providers = List.copyOf(providers);
    }

    /** How many providers take calls now ({@link ProviderState#READY}). */
    public int ready() {
        int ready = 0;
        for (ProviderStatus provider : providers) {
            if (provider.state() == ProviderState.READY) {
                ready++;
            }
        }
        return ready;
    }
}
