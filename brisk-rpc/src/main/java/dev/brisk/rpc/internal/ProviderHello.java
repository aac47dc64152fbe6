package dev.brisk.rpc.internal;

import java.util.Map;

/**
 * What a provider said in its last hello: its method table ({@code "service#signature" -> ids}, {@code service ->
 * -1}) and, from a server that tells them, its version and group ({@code null} from one that predates them).
 */
record ProviderHello(Map<String, Long> table, String version, String group) {

    /** Whether it has the method of {@link Handshake#key}. */
    boolean has(String key) {
        return table.containsKey(key);
    }

    /** Whether it told its version and group. */
    boolean labelled() {
        return version != null;
    }
}
