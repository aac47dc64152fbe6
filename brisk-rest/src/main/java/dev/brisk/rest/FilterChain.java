package dev.brisk.rest;

/** The rest of the filters, then routing or the handler. */
@FunctionalInterface
public interface FilterChain {

    void proceed(RequestContext ctx) throws Exception;
}
