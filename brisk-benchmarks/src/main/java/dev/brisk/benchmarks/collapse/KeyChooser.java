package dev.brisk.benchmarks.collapse;

import java.util.Arrays;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

/** Picks the key of each request: one of {@code keys}, uniformly or by Zipf's law (s = 1), or always a new one. */
final class KeyChooser {

    private final int keys;
    private final double[] cumulative;
    private final AtomicLong unique = new AtomicLong();

    KeyChooser(int keys, boolean zipf) {
        this.keys = keys;
        if (zipf && keys > 1) {
            cumulative = new double[keys];
            double sum = 0;
            for (int i = 0; i < keys; i++) {
                sum += 1.0 / (i + 1);
                cumulative[i] = sum;
            }
            for (int i = 0; i < keys; i++) {
                cumulative[i] /= sum;
            }
        } else {
            cumulative = null;
        }
    }

    String next() {
        if (keys == 0) {
            return "u" + unique.incrementAndGet();
        }
        if (keys == 1) {
            return "hot";
        }
        ThreadLocalRandom random = ThreadLocalRandom.current();
        if (cumulative == null) {
            return "k" + random.nextInt(keys);
        }
        int index = Arrays.binarySearch(cumulative, random.nextDouble());
        return "k" + Math.min(keys - 1, index < 0 ? -index - 1 : index);
    }
}
