package dev.brisk.rpc;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

/** A service answering with its provider's name, whose calls can be held (a hung provider), for balancing tests. */
final class Nodes {

    private Nodes() {
    }

    /** Tells which provider answered. */
    public interface Node {

        String name(int call);
    }

    /** A provider whose calls wait while it is held, counting the calls that reach it. */
    static final class GatedNode implements Node {

        private final String name;
        private final AtomicInteger calls = new AtomicInteger();
        private final ConcurrentLinkedQueue<Long> heldCalls = new ConcurrentLinkedQueue<>();
        private volatile CountDownLatch gate;

        GatedNode(String name) {
            this.name = name;
        }

        @Override
        public String name(int call) {
            calls.incrementAndGet();
            CountDownLatch held = gate;
            if (held != null) {
                heldCalls.add(System.nanoTime());
                try {
                    held.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return name;
        }

        /** From now on, calls wait until {@link #release()}. */
        void hold() {
            gate = new CountDownLatch(1);
        }

        /** Lets the waiting calls finish and new ones through. */
        void release() {
            CountDownLatch held = gate;
            gate = null;
            if (held != null) {
                held.countDown();
            }
        }

        /** Calls that reached it. */
        int calls() {
            return calls.get();
        }

        /** Calls that reached it while held. */
        int heldCalls() {
            return heldCalls.size();
        }

        /** Calls that reached it while held, after {@code nanoTime}. */
        long heldCallsAfter(long nanoTime) {
            return heldCalls.stream().filter(at -> at - nanoTime > 0).count();
        }
    }
}
