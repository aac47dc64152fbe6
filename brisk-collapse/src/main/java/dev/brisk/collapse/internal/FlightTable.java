package dev.brisk.collapse.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * The flights in the air, by key: a few stripes, each an open-addressing table (linear probing) under its own lock.
 *
 * <p>Why not a {@code ConcurrentHashMap}: when keys never repeat, every call inserts its flight and removes it a
 * few milliseconds later, when the objects of the insertion have long left the cache. The map's removal locks the
 * bin's node, a write to that cold object; here a removal compares references in the stripe's arrays, which every
 * call touches and so stay warm, and a flight is found again without reading it. Each stripe keeps the hash of every
 * entry beside it, so probing reads a flight's key only when the hashes are equal.
 *
 * <p>A stripe's lock guards its flights too (their callers and state, see {@link Flight}): a caller finds its key's
 * flight and joins it, or inserts its own, in one critical section, and a flight ends and leaves the table in one. A
 * call whose key nobody shares thus takes the lock twice, and counts itself in the stripe's counters there, without an
 * atomic operation of its own. Stripes grow (never shrink) to keep at most half of their slots used.
 */
final class FlightTable<K, V> {

    /** Returned by {@link #enter} when the key has no flight and the table holds {@code limit} flights. */
    static final Object FULL = new Object();
    /** Returned by {@link #enter} when the caller joined the key's running flight. */
    static final Object JOINED = new Object();

    private static final int STRIPE_BITS = 5;
    private static final int STRIPES = 1 << STRIPE_BITS;
    private static final int INITIAL_CAPACITY = 16;

    private final Stripe<K, V>[] stripes;
    /**
     * The flights of each stripe, side by side so that counting them all reads two cache lines; each written under
     * its stripe's lock and read without it (a sum taken while others insert or remove is approximate). The stripes
     * keep no count of their flights.
     */
    private final int[] sizes = new int[STRIPES];
    private final int limit;
    /**
     * A stripe holding fewer flights than this keeps the total under the limit as long as every stripe does, which
     * {@link #bigStripes} tells without counting; zero for a limit below the number of stripes (always count).
     */
    private final int stripeShare;
    /** Stripes holding {@link #stripeShare} flights or more: while none does, an insertion need not count. */
    private final AtomicInteger bigStripes = new AtomicInteger();

    @SuppressWarnings("unchecked")
    FlightTable(int limit) {
        this.limit = limit;
        this.stripeShare = limit / STRIPES;
        this.stripes = (Stripe<K, V>[]) new Stripe<?, ?>[STRIPES];
        for (int i = 0; i < STRIPES; i++) {
            stripes[i] = new Stripe<>(this, i);
        }
    }

    /** Mixes a key's hash into all bits (MurmurHash3's finalizer): the top bits choose the stripe, the low the slot. */
    private static int spread(Object key) {
        int h = key.hashCode();
        h ^= h >>> 16;
        h *= 0x85EBCA6B;
        h ^= h >>> 13;
        h *= 0xC2B2AE35;
        return h ^ (h >>> 16);
    }

    private static int index(int hash) {
        return hash >>> (32 - STRIPE_BITS);
    }

    /**
     * Under the lock of {@code key}'s stripe: when the key has a running flight, {@code caller} joins it
     * ({@link #JOINED}); when it has a recent result ({@link Flight#RECENT}), returns that flight, whose value the
     * caller gets; otherwise inserts {@code caller}, made to lead a flight of its own (see {@link Flight#lead}), and
     * returns null, or returns {@link #FULL} without inserting when the table holds {@code limit} flights. A recent
     * result past its time is replaced. The caller, a leader or one that joined, is counted in the stripe.
     */
    Object enter(K key, FlightCaller<V> caller) {
        int hash = spread(key);
        int index = index(hash);
        Stripe<K, V> stripe = stripes[index];
        stripe.lock();
        try {
            Flight<V> found = stripe.slots.find(key, hash);
            Object entered = null;
            if (found != null) {
                int joined = found.joinLocked(caller);
                if (joined == Flight.JOINED) {
                    entered = JOINED;
                } else if (joined == Flight.RECENT) {
                    entered = found;
                } else {
                    stripe.removeLocked(found); // a recent result past its time
                }
            }
            if (entered == null && !insertLocked(stripe, hash, caller)) {
                return FULL;
            }
            stripe.callers++;
            return entered;
        } finally {
            stripe.unlock();
        }
    }

    private boolean insertLocked(Stripe<K, V> stripe, int hash, Flight<V> flight) {
        int index = stripe.index;
        if ((stripeShare == 0 || bigStripes.get() > 0) && size() >= limit) {
            return false;
        }
        flight.tableHash = hash;
        flight.stripe = stripe;
        stripe.insert(hash, flight, sizes[index]);
        if (++sizes[index] == stripeShare) {
            bigStripes.incrementAndGet();
        }
        return true;
    }

    /** The flight of {@code key}, or null. */
    Flight<V> get(K key) {
        int hash = spread(key);
        Stripe<K, V> stripe = stripes[index(hash)];
        stripe.lock();
        try {
            return stripe.slots.find(key, hash);
        } finally {
            stripe.unlock();
        }
    }

    /** Removes {@code flight} if it is the one in the table for its key. */
    void remove(Flight<V> flight) {
        Stripe<?, V> stripe = flight.stripe; // set when it went in; a flight that never did is found nowhere
        if (stripe == null) {
            return;
        }
        stripe.lock();
        try {
            stripe.removeLocked(flight);
        } finally {
            stripe.unlock();
        }
    }

    /** The number of flights; exact when nothing is being inserted or removed meanwhile. */
    int size() {
        int size = 0;
        for (int stripeSize : sizes) {
            size += stripeSize;
        }
        return size;
    }

    boolean isEmpty() {
        return size() == 0;
    }

    /** A copy of the flights in the table, taken stripe by stripe. */
    List<Flight<V>> flights() {
        List<Flight<V>> all = new ArrayList<>();
        forEachLocked(all::add);
        return all;
    }

    /** Runs {@code action} for every flight in the table, each under its stripe's lock. */
    void forEachLocked(Consumer<Flight<V>> action) {
        for (Stripe<K, V> stripe : stripes) {
            stripe.lock();
            try {
                for (Flight<V> flight : stripe.slots.flights) {
                    if (flight != null) {
                        action.accept(flight);
                    }
                }
            } finally {
                stripe.unlock();
            }
        }
    }

    /** The counts kept in the stripes, summed: callers, calls of one caller, other calls, their callers. */
    Counts counts() {
        long callers = 0;
        long solos = 0;
        long shared = 0;
        long served = 0;
        for (Stripe<K, V> stripe : stripes) {
            stripe.lock();
            try {
                callers += stripe.callers;
                solos += stripe.solos;
                shared += stripe.shared;
                served += stripe.served;
            } finally {
                stripe.unlock();
            }
        }
        return new Counts(callers, solos, shared, served);
    }

    /**
     * What the stripes counted.
     *
     * @param callers callers that led or joined a flight, or got a recent result
     * @param solos   flights that ended with one caller
     * @param shared  other flights that ended (more callers, or none when all cancelled)
     * @param served  the callers of the {@code shared} flights
     */
    record Counts(long callers, long solos, long shared, long served) {
    }

    /**
     * One stripe, guarded by itself (a {@link StripeLock}: its critical sections are a few dozen instructions, and a
     * monitor would stay inflated after the timeout sweep's occasional contention), and the flights in it with their
     * counters.
     */
    static final class Stripe<K, V> extends StripeLock {

        private final FlightTable<K, V> table;
        private final int index;
        /** Replaced whole when the stripe grows. */
        private Slots<K, V> slots = new Slots<>(INITIAL_CAPACITY);
        /** Counters written under the lock (see {@link Counts}); on the lock's cache line, which the call owns. */
        private long callers;
        private long solos;
        private long shared;
        private long served;

        Stripe(FlightTable<K, V> table, int index) {
            this.table = table;
            this.index = index;
        }

        /** Adds {@code flight} to the stripe's {@code size} flights, growing it first if it would be over half full. */
        void insert(int hash, Flight<V> flight, int size) {
            Slots<K, V> current = slots;
            if ((size + 1) * 2 > current.flights.length) {
                current = current.doubled();
                slots = current;
            }
            current.place(hash, flight);
        }

        /** Removes {@code flight} if it is in the stripe (not replaced or removed already); under the lock. */
        void removeLocked(Flight<V> flight) {
            if (slots.remove(flight.tableHash, flight) && table.sizes[index]-- == table.stripeShare) {
                table.bigStripes.decrementAndGet();
            }
        }

        /** A flight of this stripe ended for {@code callerCount} callers; under the lock. */
        void countEnded(int callerCount) {
            if (callerCount == 1) {
                solos++;
            } else {
                shared++;
                served += callerCount;
            }
        }
    }

    /** Parallel arrays of spread hashes and flights, a null flight for a free slot; linear probing. */
    private static final class Slots<K, V> {

        final int[] hashes;
        final Flight<V>[] flights;

        @SuppressWarnings("unchecked")
        Slots(int capacity) {
            this.hashes = new int[capacity];
            this.flights = (Flight<V>[]) new Flight<?>[capacity];
        }

        /** The flight of {@code key}, or null; under the stripe's lock. */
        Flight<V> find(K key, int hash) {
            int mask = flights.length - 1;
            for (int probes = 0, i = hash & mask; probes <= mask; probes++, i = (i + 1) & mask) {
                Flight<V> flight = flights[i];
                if (flight == null) {
                    return null;
                }
                if (hashes[i] == hash && key.equals(flight.key())) {
                    return flight;
                }
            }
            return null;
        }

        void place(int hash, Flight<V> flight) {
            int mask = flights.length - 1;
            int i = hash & mask;
            while (flights[i] != null) {
                i = (i + 1) & mask;
            }
            hashes[i] = hash;
            flights[i] = flight;
        }

        boolean remove(int hash, Flight<V> flight) {
            int mask = flights.length - 1;
            for (int i = hash & mask; ; i = (i + 1) & mask) {
                Flight<V> at = flights[i];
                if (at == null) {
                    return false;
                }
                if (at == flight) {
                    shiftBack(i);
                    return true;
                }
            }
        }

        /**
         * Frees slot {@code free} and moves back the entries after it that probing could no longer reach across the
         * gap (deletion without tombstones, for linear probing).
         */
        private void shiftBack(int free) {
            int mask = flights.length - 1;
            int next = free;
            while (true) {
                next = (next + 1) & mask;
                Flight<V> moving = flights[next];
                if (moving == null) {
                    flights[free] = null;
                    return;
                }
                int home = hashes[next] & mask;
                // the entry at next may move to free only if its home is not cyclically in (free, next]
                boolean reachable = free <= next ? free < home && home <= next : free < home || home <= next;
                if (!reachable) {
                    hashes[free] = hashes[next];
                    flights[free] = moving;
                    free = next;
                }
            }
        }

        Slots<K, V> doubled() {
            Slots<K, V> bigger = new Slots<>(flights.length * 2);
            for (int i = 0; i < flights.length; i++) {
                if (flights[i] != null) {
                    bigger.place(hashes[i], flights[i]);
                }
            }
            return bigger;
        }
    }
}
