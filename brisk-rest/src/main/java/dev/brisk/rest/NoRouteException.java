package dev.brisk.rest;

import dev.brisk.codec.MediaType;

import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Routing found no route to take a request, and says why: no route for the path (404), none for the method (405,
 * with the allowed methods), none that consumes the request's Content-Type (415, with the types that would be
 * accepted), none that produces an acceptable type (406, with the types available), or the request does not meet a
 * route's parameter or header conditions (400). Thrown through the filters that run before routing and offered to
 * exception handlers like any failure; unhandled, it is answered as a problem.
 */
public final class NoRouteException extends HttpStatusException {

    private static final long serialVersionUID = 1L;

    /** Why no route took the request. */
    public enum Reason {
        /** No route has this path (or only a static mount, which has no file for it): 404. */
        PATH(404),
        /** Routes have this path, none this method: 405. */
        METHOD(405),
        /** No route for this path and method consumes the request's Content-Type: 415. */
        CONTENT_TYPE(415),
        /** No route for this path and method produces a type the request accepts: 406. */
        ACCEPT(406),
        /** The request does not meet the routes' parameter or header conditions: 400. */
        CONDITIONS(400);

        private final int status;

        Reason(int status) {
            this.status = status;
        }

        public int status() {
            return status;
        }
    }

    private final Reason reason;
    @SuppressWarnings("serial") // details for the caller, not meant for Java serialization
    private final Set<String> allowedMethods;
    @SuppressWarnings("serial") // details for the caller, not meant for Java serialization
    private final List<MediaType> mediaTypes;

    /**
     * @param allowedMethods for {@link Reason#METHOD}, the methods the path allows (empty otherwise)
     * @param mediaTypes     for {@link Reason#CONTENT_TYPE} the types the routes consume, for {@link Reason#ACCEPT}
     *                       the types they produce (empty otherwise)
     */
    public NoRouteException(Reason reason, String detail, Set<String> allowedMethods, List<MediaType> mediaTypes) {
        super(Objects.requireNonNull(reason, "reason").status(), detail);
        this.reason = reason;
        this.allowedMethods = Collections.unmodifiableSet(new LinkedHashSet<>(allowedMethods));
        this.mediaTypes = List.copyOf(mediaTypes);
    }

    public Reason reason() {
        return reason;
    }

    /** The methods the path allows, for {@link Reason#METHOD}; empty otherwise. */
    public Set<String> allowedMethods() {
        return allowedMethods;
    }

    /** The types the routes consume ({@link Reason#CONTENT_TYPE}) or produce ({@link Reason#ACCEPT}). */
    public List<MediaType> mediaTypes() {
        return mediaTypes;
    }
}
