/**
 * Request collapsing: {@link dev.brisk.collapse.SingleFlight} (concurrent callers of one key share one call) and
 * {@link dev.brisk.collapse.BatchCollapser} (single-key calls merged into batch calls). The core needs the JDK only;
 * the adapters for brisk-client ({@code dev.brisk.collapse.client}) and brisk-rest ({@code dev.brisk.collapse.rest})
 * read their libraries only when the application has them ({@code requires static}). The Micrometer metrics are
 * {@code dev.brisk.micrometer.collapse.MicrometerCollapseMetrics} in brisk-micrometer.
 */
module dev.brisk.collapse {
    requires static dev.brisk.client;
    requires static dev.brisk.rest;

    exports dev.brisk.collapse;
    exports dev.brisk.collapse.client;
    exports dev.brisk.collapse.rest;
}
