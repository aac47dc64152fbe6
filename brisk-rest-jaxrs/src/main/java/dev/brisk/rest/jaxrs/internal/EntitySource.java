package dev.brisk.rest.jaxrs.internal;

/** The source of the request entity: a method with one reads the body, so its {@code @Consumes} applies. */
@FunctionalInterface
interface EntitySource extends ParamSource {
}
