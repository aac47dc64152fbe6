/**
 * The Micrometer adapters of Brisk. {@link dev.brisk.micrometer.BriskMetrics} times every request of a server per
 * route template and gauges connections, requests in flight, schedulers and event loops; with the Prometheus registry
 * on the class path ({@code requires static}) it also serves the scrape route.
 * {@link dev.brisk.micrometer.client.MicrometerClientMetrics} measures a Brisk HTTP client and
 * {@link dev.brisk.micrometer.collapse.MicrometerCollapseMetrics} a collapser; brisk-client and brisk-collapse are
 * optional ({@code requires static}), read only when the application has them, and so is brisk-rpc, whose clients and
 * servers {@link dev.brisk.micrometer.rpc.BriskRpcMetrics} measures.
 */
module dev.brisk.micrometer {
    requires transitive dev.brisk.rest;
    requires transitive micrometer.core;
    requires static micrometer.registry.prometheus;
    requires static dev.brisk.client;
    requires static dev.brisk.collapse;
    requires static dev.brisk.rpc;

    exports dev.brisk.micrometer;
    exports dev.brisk.micrometer.client;
    exports dev.brisk.micrometer.collapse;
    exports dev.brisk.micrometer.rpc;
}
