package dev.brisk.rpc.zookeeper.internal;

import dev.brisk.rpc.spi.ProviderInfo;
import dev.brisk.rpc.spi.Registry;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.cache.ChildData;
import org.apache.curator.framework.recipes.cache.CuratorCache;
import org.apache.curator.framework.recipes.cache.CuratorCacheListener;
import org.apache.curator.utils.ZKPaths;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One subscription: a {@link CuratorCache} on the providers node of a service, and the listener it keeps informed.
 * The cache keeps what it holds while ZooKeeper is unreachable and re-reads the server after a reconnect, so the
 * listener keeps the last known providers through an outage and sees the server's set once it is back.
 *
 * <p>A set that turns empty is reported only once it has stayed empty for {@link #EMPTY_GRACE}: when a provider's
 * session is replaced (ZooKeeper away for longer than the session timeout), ZooKeeper deletes its nodes and the
 * provider creates them again moments later, and callers should not be told in between that nobody is there.
 *
 * <p>The cache's events only schedule work on {@code events}, so that a slow listener never holds up Curator's
 * thread. Deliveries never overlap: whoever finds none running delivers, and keeps delivering while changes arrive
 * meanwhile, each time the newest set and only when it differs from the last one delivered.
 */
public final class ProviderWatch implements Registry.Subscription {

    private static final System.Logger LOG = System.getLogger("dev.brisk.rpc.zookeeper");
    /** How long a set that turned empty must stay empty before it is reported. */
    public static final Duration EMPTY_GRACE = Duration.ofSeconds(1);

    private final String service;
    private final String path;
    private final Registry.ProviderListener listener;
    private final Executor events;
    private final CuratorCache cache;
    private final CountDownLatch initialized = new CountDownLatch(1);
    private final AtomicInteger pending = new AtomicInteger();
    private final AtomicBoolean queued = new AtomicBoolean();
    private final Runnable onClose;
    private volatile boolean open;
    private volatile boolean closed;
    private List<ProviderInfo> delivered;
    /** When the set was first seen empty after a non-empty one ({@link System#nanoTime()}); valid while waiting. */
    private long emptySince;
    private boolean waitingOutEmpty;
    private Set<String> unreadable = Set.of();

    public ProviderWatch(CuratorFramework client, String service, String path, Registry.ProviderListener listener,
                         Executor events, Runnable onClose) {
        this.service = service;
        this.path = path;
        this.listener = listener;
        this.events = events;
        this.onClose = onClose;
        this.cache = CuratorCache.build(client, path);
        cache.listenable().addListener(CuratorCacheListener.builder()
                .forAll((type, before, after) -> schedule())
                .forInitialized(() -> {
                    initialized.countDown();
                    schedule();
                })
                .build());
    }

    /**
     * Starts the cache and, once it has read the server (within {@code firstAnswer}), tells the listener on the
     * calling thread; when ZooKeeper does not answer in time the listener hears from it when it does.
     */
    public void start(Duration firstAnswer) {
        cache.start();
        try {
            if (initialized.await(firstAnswer.toMillis(), TimeUnit.MILLISECONDS)) {
                deliverIfChanged();
            } else {
                LOG.log(System.Logger.Level.WARNING, "ZooKeeper has not listed the providers of " + service
                        + " yet (waited " + firstAnswer.toMillis() + " ms); they will be reported once it does");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            open = true;
            changed();
        }
    }

    /** Queues one delivery for any number of events that arrive before it runs. */
    private void schedule() {
        if (!open || closed || !queued.compareAndSet(false, true)) {
            return;
        }
        try {
            events.execute(() -> {
                queued.set(false);
                changed();
            });
        } catch (RejectedExecutionException e) {
            queued.set(false); // the registry is closing
        }
    }

    private void changed() {
        if (!open || closed || pending.getAndIncrement() != 0) {
            return;
        }
        int missed = 1;
        do {
            try {
                deliverIfChanged();
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "the listener of " + service + " failed: " + e, e);
            }
            missed = pending.addAndGet(-missed);
        } while (missed != 0);
    }

    private void deliverIfChanged() {
        if (closed || initialized.getCount() > 0) {
            return;
        }
        List<ProviderInfo> current = providers();
        if (current.equals(delivered)) {
            waitingOutEmpty = false;
            return;
        }
        if (current.isEmpty() && delivered != null && !delivered.isEmpty()) {
            long now = System.nanoTime();
            if (!waitingOutEmpty) {
                waitingOutEmpty = true;
                emptySince = now;
                CompletableFuture.delayedExecutor(EMPTY_GRACE.toMillis() + 10, TimeUnit.MILLISECONDS, events)
                        .execute(this::changed);
                return;
            }
            if (now - emptySince < EMPTY_GRACE.toNanos()) {
                return; // a look is scheduled for when the grace ends
            }
        }
        waitingOutEmpty = false;
        delivered = current;
        listener.providersChanged(current);
    }

    /** The providers the cache holds now, in address order, leaving out nodes that cannot be read. */
    private List<ProviderInfo> providers() {
        List<ProviderInfo> providers = new ArrayList<>();
        Set<String> bad = new HashSet<>();
        cache.stream().forEach(node -> {
            if (node.getPath().equals(path)) {
                return;
            }
            ZKPaths.PathAndNode parts = ZKPaths.getPathAndNode(node.getPath());
            if (!parts.getPath().equals(path)) {
                return;
            }
            try {
                providers.add(ProviderData.decode(service, parts.getNode(), node.getData()));
            } catch (RuntimeException e) {
                String key = key(node);
                bad.add(key);
                if (!unreadable.contains(key)) {
                    LOG.log(System.Logger.Level.WARNING, "skipping provider node " + node.getPath()
                            + " of " + service + ": " + e.getMessage());
                }
            }
        });
        unreadable = bad;
        providers.sort(Comparator.comparing(ProviderInfo::address));
        return List.copyOf(providers);
    }

    private static String key(ChildData node) {
        return node.getPath() + "#" + Arrays.hashCode(node.getData());
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        cache.close();
        onClose.run();
    }
}
