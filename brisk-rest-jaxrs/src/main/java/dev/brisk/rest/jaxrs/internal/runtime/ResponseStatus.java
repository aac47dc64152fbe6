package dev.brisk.rest.jaxrs.internal.runtime;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.Response.StatusType;

/** A status with no {@link Response.Status} constant, or with a reason phrase other than the standard one. */
public record ResponseStatus(int code, String reason) implements StatusType {

    /** The standard {@link Response.Status} when it matches {@code code} and {@code reason}, else a custom one. */
    public static StatusType of(int code, String reason) {
        if (code < 100 || code > 599) {
            throw new IllegalArgumentException("status must be within [100, 599]: " + code);
        }
        Response.Status known = Response.Status.fromStatusCode(code);
        if (known != null && (reason == null || reason.equals(known.getReasonPhrase()))) {
            return known;
        }
        return new ResponseStatus(code, reason == null ? "" : reason);
    }

    @Override
    public int getStatusCode() {
        return code;
    }

    @Override
    public Response.Status.Family getFamily() {
        return Response.Status.Family.familyOf(code);
    }

    @Override
    public String getReasonPhrase() {
        return reason;
    }

    @Override
    public String toString() {
        return code + " " + reason;
    }
}
