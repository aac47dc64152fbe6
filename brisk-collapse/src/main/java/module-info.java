/**
 * Request collapsing: {@link dev.brisk.collapse.SingleFlight} (concurrent callers of one key share one call) and
 * {@link dev.brisk.collapse.BatchCollapser} (single-key calls merged into batch calls). The core needs the JDK only;
 * the adapters for brisk-client ({@code dev.brisk.collapse.client}) and brisk-rest ({@code dev.brisk.collapse.rest})
 * and the Micrometer metrics ({@code dev.brisk.collapse.micrometer}) read their libraries only when the application
 * has them ({@code requires static}).
 */
module dev.brisk.collapse {
    requires static dev.brisk.client;
    requires static dev.brisk.rest;
    requires static micrometer.core;

    exports dev.brisk.collapse;
    exports dev.brisk.collapse.client;
    exports dev.brisk.collapse.rest;
    exports dev.brisk.collapse.micrometer;
}
