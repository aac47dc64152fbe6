package dev.brisk.collapse;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;

/**
 * Loads the values of several keys in one call, for a {@link BatchCollapser}: the map holds a value per key it knows;
 * callers whose key is missing fail with {@link MissingResultException}. Runs on the collapser's executor.
 *
 * @param <K> the key type
 * @param <V> the value type
 */
@FunctionalInterface
public interface BatchFunction<K, V> {

    /**
     * Starts loading {@code keys}: distinct, never null, at most {@code maxBatchSize}, in the order they were first
     * submitted; the list is read-only. A thrown exception fails this batch only.
     */
    CompletionStage<? extends Map<? extends K, ? extends V>> load(List<K> keys) throws Exception;
}
