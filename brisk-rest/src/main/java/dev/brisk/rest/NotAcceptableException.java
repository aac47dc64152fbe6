package dev.brisk.rest;

import dev.brisk.codec.MediaType;

import java.util.List;

/**
 * A route's result cannot be written in any type the request accepts: 406, with the types it could have been written
 * in, so that an answer can tell the client what to ask for instead.
 */
public final class NotAcceptableException extends HttpStatusException {

    private static final long serialVersionUID = 1L;

    @SuppressWarnings("serial") // details for the caller, not meant for Java serialization
    private final List<MediaType> producible;

    public NotAcceptableException(String detail, List<MediaType> producible) {
        super(406, detail);
        this.producible = List.copyOf(producible);
    }

    /** The types the result could have been written in; empty when none at all. */
    public List<MediaType> producible() {
        return producible;
    }
}
