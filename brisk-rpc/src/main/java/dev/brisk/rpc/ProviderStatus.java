package dev.brisk.rpc;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * One provider of one service as an {@link RpcClient} sees it at one moment: part of {@link RpcClient#providers()}.
 *
 * @param address           {@code host:port}, which identifies the provider on the client
 * @param version           the application's version of the service the provider registered, empty when none
 * @param weight            the weight it registered (its share of calls under weighted balancing)
 * @param state             whether it takes calls, and if not why
 * @param readyConnections  its connections that take calls
 * @param connections       its connections, in every state
 * @param inFlight          calls sent to it and not answered yet, on all its connections (every service it offers)
 * @param averageAnswerTime the smoothed average of its latest answer times, empty before its first answer
 * @param ejections         how many times the client ejected it as an outlier
 */
public record ProviderStatus(String address, String version, int weight, ProviderState state, int readyConnections,
                             int connections, int inFlight, Optional<Duration> averageAnswerTime, long ejections) {

    /** Checks that no component is null. */
    public ProviderStatus {
        Objects.requireNonNull(address, "address must not be null");
        Objects.requireNonNull(version, "version must not be null");
        Objects.requireNonNull(state, "state must not be null");
        Objects.requireNonNull(averageAnswerTime, "averageAnswerTime must not be null");
    }
}
