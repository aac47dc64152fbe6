package dev.brisk.rpc.internal;

import dev.brisk.rpc.ConnectionLostException;

/** The request never left this client (the connection closed before the write): safe to send elsewhere. */
final class NotSentException extends ConnectionLostException {

    private static final long serialVersionUID = 1L;

    NotSentException(String message) {
        super(message);
    }
}
