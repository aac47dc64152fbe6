/** Runnable demo services built on Brisk: the bookshop demo of the whole stack, and a minimal HTTP server. */
module dev.brisk.examples {
    requires dev.brisk.http;
    requires dev.brisk.rest.spring;
    requires dev.brisk.rest.jaxrs;
    requires dev.brisk.client;
    requires dev.brisk.collapse;
    requires dev.brisk.rpc;
    requires dev.brisk.rpc.zookeeper;
    requires dev.brisk.micrometer;
    requires dev.brisk.openapi;
    requires spring.web;
    requires jakarta.validation;

    exports dev.brisk.examples;
    exports dev.brisk.examples.demo;
    exports dev.brisk.examples.demo.catalog;
    exports dev.brisk.examples.demo.orders;
    exports dev.brisk.examples.demo.pricing;
    exports dev.brisk.examples.demo.stock;

    // controllers are read, and records written and read, by reflection (Spring and JAX-RS styles, Jackson, Fory)
    opens dev.brisk.examples.demo to dev.brisk.rest, tools.jackson.databind;
    opens dev.brisk.examples.demo.catalog;
    opens dev.brisk.examples.demo.orders;
    opens dev.brisk.examples.demo.pricing;
    opens dev.brisk.examples.demo.stock;
}
