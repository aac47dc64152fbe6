package dev.brisk.collapse;

import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * Loads the values of several keys in one call, answering a list aligned with the keys: value {@code i} belongs to
 * key {@code i}. A list of another length fails every caller of the batch with {@link CollapseException}.
 *
 * @param <K> the key type
 * @param <V> the value type
 */
@FunctionalInterface
public interface ListBatchFunction<K, V> {

    /** Starts loading {@code keys} (distinct, never null, read-only); a thrown exception fails this batch only. */
    CompletionStage<? extends List<? extends V>> load(List<K> keys) throws Exception;
}
