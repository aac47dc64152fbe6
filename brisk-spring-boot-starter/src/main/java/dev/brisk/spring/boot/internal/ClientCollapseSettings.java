package dev.brisk.spring.boot.internal;

import dev.brisk.collapse.CollapseMetrics;
import dev.brisk.collapse.client.CollapsingInterceptor;
import dev.brisk.spring.boot.BriskProperties;

/**
 * The {@link CollapsingInterceptor} a Boot application adds to its {@code BriskClient}s, from {@code brisk.collapse.*}
 * (the same key headers and limits as the server's collapser) and {@code brisk.collapse.client.timeout}. A class of its
 * own, loaded only when brisk-client is on the class path.
 */
public final class ClientCollapseSettings {

    private ClientCollapseSettings() {
    }

    public static CollapsingInterceptor clientCollapsing(BriskProperties.Collapse collapse, CollapseMetrics metrics) {
        return CollapsingInterceptor.create(CollapseSettings.clientOptions(collapse, metrics));
    }
}
