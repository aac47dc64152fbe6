package dev.brisk.rest.jaxrs.internal;

/** Produces the value of one resource-method parameter (or bean field) for a request; chosen at startup. */
@FunctionalInterface
interface ParamSource {

    Object resolve(Exchange exchange) throws Exception;
}
