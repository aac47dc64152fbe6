/** Runs Jakarta REST (JAX-RS) resources and providers unchanged on Brisk. */
module dev.brisk.rest.jaxrs {
    requires transitive dev.brisk.rest;
    requires transitive jakarta.ws.rs;
    requires static jakarta.validation;
    requires static jersey.server;
    requires static jersey.common;
    requires static com.fasterxml.jackson.core;
    requires static com.fasterxml.jackson.databind;

    exports dev.brisk.rest.jaxrs;

    provides dev.brisk.rest.spi.ControllerSupport with dev.brisk.rest.jaxrs.JaxRsControllerSupport;
    provides jakarta.ws.rs.ext.RuntimeDelegate with dev.brisk.rest.jaxrs.internal.runtime.BriskRuntimeDelegate;
}
