/**
 * Brisk's REST framework on brisk-http: routes, filters, interceptors, exception handling, codecs and schedulers.
 * Start with {@link dev.brisk.rest.Brisk#server()}. Controller styles (Spring MVC, JAX-RS) plug in through
 * {@link dev.brisk.rest.spi.ControllerSupport}.
 */
@SuppressWarnings("module") // the modules dev.brisk.rest.support is exported to are built after this one
module dev.brisk.rest {
    requires transitive dev.brisk.http;
    requires transitive dev.brisk.codec;
    requires static jakarta.validation;
    // protection: the process CPU load for load shedding, when the JDK has it
    requires static jdk.management;
    requires static org.slf4j;
    requires static io.opentelemetry.api;
    requires static io.opentelemetry.context;

    exports dev.brisk.rest;
    exports dev.brisk.rest.feature;
    exports dev.brisk.rest.multipart;
    exports dev.brisk.rest.observe;
    exports dev.brisk.rest.protect;
    exports dev.brisk.rest.spi;
    exports dev.brisk.rest.sse;
    exports dev.brisk.rest.support to dev.brisk.rest.spring, dev.brisk.rest.jaxrs, dev.brisk.rest.websocket,
            dev.brisk.rest.servlet, dev.brisk.collapse, dev.brisk.openapi;
    exports dev.brisk.rest.web;

    uses dev.brisk.rest.spi.ControllerSupport;
}
