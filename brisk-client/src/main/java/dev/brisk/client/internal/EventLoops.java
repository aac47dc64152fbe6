package dev.brisk.client.internal;

import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.util.concurrent.EventExecutor;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The event loops of the client's group, indexed, and the choice of a loop for a new call: the caller's own loop when
 * it runs on one (no thread hop), round-robin otherwise.
 */
final class EventLoops {

    private final EventLoop[] loops;
    private final AtomicInteger next = new AtomicInteger();

    EventLoops(EventLoopGroup group) {
        List<EventLoop> list = new ArrayList<>();
        for (EventExecutor executor : group) {
            list.add((EventLoop) executor);
        }
        if (list.isEmpty()) {
            throw new IllegalArgumentException("event loop group has no event loops");
        }
        this.loops = list.toArray(new EventLoop[0]);
    }

    int size() {
        return loops.length;
    }

    EventLoop get(int index) {
        return loops[index];
    }

    /** The index of the loop the current thread runs, or -1. */
    int current() {
        EventLoop[] all = loops;
        for (int i = 0; i < all.length; i++) {
            if (all[i].inEventLoop()) {
                return i;
            }
        }
        return -1;
    }

    /** A loop index below {@code bound}: the current loop when it qualifies, else the next in turn. */
    int choose(int bound) {
        int current = current();
        if (current >= 0 && current < bound) {
            return current;
        }
        if (bound == 1) {
            return 0;
        }
        return (next.getAndIncrement() & Integer.MAX_VALUE) % bound;
    }
}
