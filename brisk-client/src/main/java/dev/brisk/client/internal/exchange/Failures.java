package dev.brisk.client.internal.exchange;

import dev.brisk.client.ClientConnectException;
import dev.brisk.client.ClientConnectTimeoutException;
import dev.brisk.client.HttpClientException;
import dev.brisk.client.UnresolvedHostException;
import dev.brisk.client.internal.pool.HostKey;

import io.netty.channel.ConnectTimeoutException;
import java.net.UnknownHostException;

/** Maps transport failures to the client's typed exceptions. */
public final class Failures {

    private Failures() {
    }

    public static HttpClientException connectFailure(HostKey key, Throwable cause, long connectTimeoutMillis) {
        return connectFailure(key, cause, connectTimeoutMillis, 1);
    }

    /** The failure of connect attempt number {@code attempt} (1 for the first). */
    public static HttpClientException connectFailure(HostKey key, Throwable cause, long connectTimeoutMillis,
                                                     int attempt) {
        if (cause instanceof HttpClientException typed) {
            return typed;
        }
        if (cause instanceof UnknownHostException) {
            return new UnresolvedHostException(key.host(), cause);
        }
        if (cause instanceof ConnectTimeoutException) {
            return new ClientConnectTimeoutException(key.toString(), connectTimeoutMillis, attempt, cause);
        }
        return new ClientConnectException(key.toString(), "cannot connect to " + key + ": "
                + (cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage())
                + (attempt > 1 ? " (attempt " + attempt + ")" : ""), cause);
    }

    public static HttpClientException clientClosed(HostKey key) {
        return new HttpClientException(key == null ? null : key.toString(), "the client is closed", null, false);
    }
}
