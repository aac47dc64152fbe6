package dev.brisk.rpc.zookeeper.internal;

import dev.brisk.rpc.spi.ProviderInfo;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.nodes.PersistentNode;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * One provider's node, kept by Curator's {@link PersistentNode}: an ephemeral node created with its parents as
 * containers, created again after the session is lost or the node deleted, deleted when closed.
 */
public final class Registration {

    private static final System.Logger LOG = System.getLogger("dev.brisk.rpc.zookeeper");

    private final PersistentNode node;
    private final String path;

    private Registration(PersistentNode node, String path) {
        this.node = node;
        this.path = path;
    }

    /** Starts keeping the node of {@code provider} at {@code path}, waiting up to {@code firstAnswer} for it. */
    public static Registration start(CuratorFramework client, String path, ProviderInfo provider,
                                     Duration firstAnswer) {
        deleteLeftover(client, path);
        PersistentNode node = new PersistentNode(client, CreateMode.EPHEMERAL, false, path,
                ProviderData.encode(provider), true);
        node.start();
        Registration registration = new Registration(node, path);
        registration.awaitCreated(firstAnswer);
        return registration;
    }

    /**
     * Deletes a node left at {@code path} before this registration starts: one this registry does not keep is another
     * session's, in practice the provider's previous process, killed and restarted on the same address before its
     * session expired. Adopted, that node would vanish when the old session expires and be created again a moment
     * later, so clients would drop the provider and connect to it again, warming it up anew. Only while connected (an
     * unreachable ZooKeeper is not waited for here; the node is then adopted as before).
     */
    private static void deleteLeftover(CuratorFramework client, String path) {
        try {
            if (client.getZookeeperClient().isConnected()) {
                client.delete().forPath(path);
                LOG.log(System.Logger.Level.INFO, () -> "Deleted " + path + ", left by an earlier session");
            }
        } catch (KeeperException.NoNodeException e) {
            // the usual case: nothing left over
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            LOG.log(System.Logger.Level.DEBUG, () -> "Could not delete a leftover node at " + path + ": " + e);
        }
    }

    private void awaitCreated(Duration firstAnswer) {
        try {
            if (!node.waitForInitialCreate(firstAnswer.toMillis(), TimeUnit.MILLISECONDS)) {
                LOG.log(System.Logger.Level.WARNING, "ZooKeeper has not created " + path + " yet (waited "
                        + firstAnswer.toMillis() + " ms); it will once it answers");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Replaces the node's data; {@code false} when the node has not been created yet (then replace the whole). */
    public boolean update(ProviderInfo provider) {
        try {
            node.setData(ProviderData.encode(provider));
            return true;
        } catch (IllegalStateException e) {
            return false;
        } catch (Exception e) {
            throw new IllegalStateException("cannot update " + path + ": " + e, e);
        }
    }

    /** Stops keeping the node and deletes it (retried in the background while ZooKeeper is unreachable). */
    public void close() {
        try {
            node.close();
        } catch (IOException e) {
            throw new IllegalStateException("cannot delete " + path + ": " + e, e);
        } catch (RuntimeException e) {
            throw new IllegalStateException("cannot delete " + path + ": " + e, e);
        }
    }

    public String path() {
        return path;
    }
}
