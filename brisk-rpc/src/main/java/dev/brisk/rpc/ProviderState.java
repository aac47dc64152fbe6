package dev.brisk.rpc;

/** Where one provider stands with an {@link RpcClient}, as {@link ProviderStatus#state()} tells it. */
public enum ProviderState {
    /** Takes calls: a connection is ready and the provider is neither ejected nor taken offline. */
    READY,
    /** No connection is ready yet: connecting, saying hello, or waiting to reconnect. */
    CONNECTING,
    /** The provider said GOAWAY (it shuts down): calls in flight finish, new ones go elsewhere. */
    DRAINING,
    /** Refused this client's hello (another serializer); it takes no calls until it changes. */
    REFUSED,
    /** An outlier left alone for a while: it failed or answered too slowly too often. */
    EJECTED,
    /** An ejected provider whose time is up, taking the one call that decides whether it comes back. */
    PROBING,
    /** Taken out of this client's rotation by {@link RpcClient#offline(String)}; calls in flight finish. */
    OFFLINE
}
