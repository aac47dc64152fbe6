package dev.brisk.rpc.zookeeper.internal;

import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.state.ConnectionState;
import org.apache.curator.framework.state.ConnectionStateListener;

import java.time.Duration;

/**
 * Whether ZooKeeper is known to be unreachable (the connection suspended or the session lost), so that operations
 * which would wait for a first answer do not wait through an outage: the recipes finish their work once it is over.
 * Before the first connection there is no outage yet: an application that starts wants its first answers.
 */
public final class ConnectionWatch implements ConnectionStateListener {

    private final CuratorFramework client;
    private volatile boolean outage;

    public ConnectionWatch(CuratorFramework client) {
        this.client = client;
        client.getConnectionStateListenable().addListener(this);
    }

    @Override
    public void stateChanged(CuratorFramework ignored, ConnectionState state) {
        outage = state == ConnectionState.SUSPENDED || state == ConnectionState.LOST;
    }

    /** {@code timeout}, or zero while ZooKeeper is unreachable. */
    public Duration firstAnswer(Duration timeout) {
        return outage ? Duration.ZERO : timeout;
    }

    public void close() {
        client.getConnectionStateListenable().removeListener(this);
    }
}
