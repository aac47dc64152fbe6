package dev.brisk.rest.jaxrs.jersey.scanned;

/** Neither a resource nor a provider: scanning passes it by. */
public class NotAResource {
}
