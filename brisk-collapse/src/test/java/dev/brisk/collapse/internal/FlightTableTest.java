package dev.brisk.collapse.internal;

import dev.brisk.collapse.SingleFlightOptions;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;

import static org.assertj.core.api.Assertions.assertThat;

/** The table of flights against a plain map: probing, removal that closes gaps, growth, the limit, many threads. */
class FlightTableTest {

    private final DefaultSingleFlight<Key, String> owner = new DefaultSingleFlight<>(SingleFlightOptions.DEFAULT);

    /** A key whose hash the test chooses, so that many keys collide. */
    private record Key(int id, int hash) {
        @Override
        public int hashCode() {
            return hash;
        }
    }

    private FlightCaller<String> flight(Key key) {
        FlightCaller<String> caller = new FlightCaller<>();
        caller.lead(owner, key);
        return caller;
    }

    /**
     * Enters {@code mine} for {@code key} as the collapser does: null when it went in, {@link FlightTable#FULL}, or the
     * flight already there (which a new caller joined).
     */
    private static Object put(FlightTable<Key, String> table, Key key, FlightCaller<String> mine) {
        Object entered = table.enter(key, mine);
        return entered == FlightTable.JOINED ? table.get(key) : entered;
    }

    @RepeatedTest(5)
    void insertionsAndRemovalsInAnyOrderAgreeWithAMap() {
        Random random = new Random();
        FlightTable<Key, String> table = new FlightTable<>(1_000_000);
        Map<Key, Flight<String>> expected = new HashMap<>();
        int hashes = 1 + random.nextInt(40); // few distinct hashes: long probe runs that wrap around
        for (int step = 0; step < 20_000; step++) {
            Key key = new Key(random.nextInt(300), 0);
            key = new Key(key.id(), key.id() % hashes);
            if (random.nextInt(3) == 0 && expected.containsKey(key)) {
                Flight<String> gone = expected.remove(key);
                table.remove(gone);
            } else {
                FlightCaller<String> mine = flight(key);
                Object found = put(table, key, mine);
                Flight<String> before = expected.putIfAbsent(key, mine);
                assertThat(found).isSameAs(before);
            }
            if (step % 500 == 0) {
                assertThat(table.size()).isEqualTo(expected.size());
                for (Map.Entry<Key, Flight<String>> entry : expected.entrySet()) {
                    assertThat(table.get(entry.getKey())).isSameAs(entry.getValue());
                }
            }
        }
        assertThat(table.flights()).containsExactlyInAnyOrderElementsOf(expected.values());
    }

    @Test
    void aFlightIsRemovedOnlyByItself() {
        FlightTable<Key, String> table = new FlightTable<>(100);
        Key key = new Key(1, 7);
        FlightCaller<String> first = flight(key);
        FlightCaller<String> second = flight(key);
        assertThat(put(table, key, first)).isNull();
        table.remove(second); // not the one in the table
        assertThat(table.get(key)).isSameAs(first);
        table.remove(first);
        assertThat(table.get(key)).isNull();
        assertThat(table.isEmpty()).isTrue();
        assertThat(put(table, key, second)).isNull();
        assertThat(table.get(key)).isSameAs(second);
    }

    @Test
    void aFullTableRefusesNewKeysButAnswersKeysInFlight() {
        FlightTable<Key, String> table = new FlightTable<>(3);
        List<Flight<String>> inserted = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            FlightCaller<String> mine = flight(new Key(i, i * 31));
            assertThat(put(table, (Key) mine.key(), mine)).isNull();
            inserted.add(mine);
        }
        assertThat(put(table, new Key(9, 9), flight(new Key(9, 9)))).isSameAs(FlightTable.FULL);
        assertThat(put(table, new Key(1, 31), flight(new Key(1, 31)))).isSameAs(inserted.get(1));
        table.remove(inserted.get(0));
        assertThat(put(table, new Key(9, 9), flight(new Key(9, 9)))).isNull();
    }

    @Test
    void theLimitHoldsExactlyWhateverStripesTheKeysFall() {
        for (int limit : new int[] {31, 32, 64, 100, 1000}) {
            FlightTable<Key, String> table = new FlightTable<>(limit);
            List<Flight<String>> inserted = new ArrayList<>();
            for (int i = 0; i < limit; i++) {
                FlightCaller<String> mine = flight(new Key(i, i * 0x61C88647));
                assertThat(put(table, (Key) mine.key(), mine)).as("limit %d, key %d", limit, i).isNull();
                inserted.add(mine);
            }
            Key extra = new Key(-1, 12345);
            assertThat(put(table, extra, flight(extra))).as("limit %d", limit).isSameAs(FlightTable.FULL);
            for (Flight<String> flight : inserted) {
                table.remove(flight);
            }
            assertThat(table.isEmpty()).isTrue();
            for (int i = 0; i < limit; i++) { // and again, once every stripe has shrunk back
                FlightCaller<String> mine = flight(new Key(i, i));
                assertThat(put(table, (Key) mine.key(), mine)).isNull();
            }
            assertThat(put(table, extra, flight(extra))).isSameAs(FlightTable.FULL);
        }
    }

    @Test
    void threadsInsertingAndRemovingTheirOwnKeysNeverSeeEachOthers() throws Exception {
        FlightTable<Key, String> table = new FlightTable<>(1_000_000);
        Map<Key, Boolean> wrong = new ConcurrentHashMap<>();
        InParallel.run(4, thread -> {
            Random random = new Random(thread);
            List<Flight<String>> mine = new ArrayList<>();
            for (int step = 0; step < 50_000; step++) {
                if (!mine.isEmpty() && random.nextBoolean()) {
                    Flight<String> gone = mine.remove(random.nextInt(mine.size()));
                    table.remove(gone);
                    if (table.get((Key) gone.key()) != null) {
                        wrong.put((Key) gone.key(), true);
                    }
                } else {
                    Key key = new Key(thread * 1_000_000 + step, step % 64); // colliding across threads
                    FlightCaller<String> flight = flight(key);
                    if (put(table, key, flight) != null || table.get(key) != flight) {
                        wrong.put(key, true);
                    }
                    mine.add(flight);
                }
            }
            for (Flight<String> flight : mine) {
                table.remove(flight);
            }
        });
        assertThat(wrong).isEmpty();
        assertThat(table.isEmpty()).isTrue();
        assertThat(table.size()).isZero();
    }
}
