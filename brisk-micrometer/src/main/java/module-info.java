/**
 * Micrometer meters of a Brisk server: {@link dev.brisk.micrometer.BriskMetrics} times every request per route
 * template and gauges connections, requests in flight, schedulers and event loops; with the Prometheus registry on
 * the class path ({@code requires static}) it also serves the scrape route.
 */
module dev.brisk.micrometer {
    requires transitive dev.brisk.rest;
    requires transitive micrometer.core;
    requires static micrometer.registry.prometheus;

    exports dev.brisk.micrometer;
}
