/**
 * Request collapsing: {@link dev.brisk.collapse.SingleFlight} (concurrent callers of one key share one call) and
 * {@link dev.brisk.collapse.BatchCollapser} (single-key calls merged into batch calls). The core needs the JDK only;
 * the adapters for brisk-client ({@code dev.brisk.collapse.client}), brisk-rest ({@code dev.brisk.collapse.rest}) and
 * Spring's clients ({@code dev.brisk.collapse.spring}: RestClient, RestTemplate, WebClient) read their libraries only
 * when the application has them ({@code requires static}). The Micrometer metrics are
 * {@code dev.brisk.micrometer.collapse.MicrometerCollapseMetrics} in brisk-micrometer.
 */
module dev.brisk.collapse {
    requires static dev.brisk.client;
    requires static dev.brisk.rest;
    requires static spring.core;
    requires static spring.web;
    requires static spring.webflux;
    requires static reactor.core;
    requires static org.reactivestreams;

    exports dev.brisk.collapse;
    exports dev.brisk.collapse.client;
    exports dev.brisk.collapse.rest;
    exports dev.brisk.collapse.spring;
}
