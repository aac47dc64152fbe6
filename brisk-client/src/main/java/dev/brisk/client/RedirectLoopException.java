package dev.brisk.client;

import java.net.URI;
import java.util.List;

/** A redirect pointed back to a request already made in this call. */
public final class RedirectLoopException extends RedirectException {

    private static final long serialVersionUID = 1L;

    public RedirectLoopException(String host, URI target, List<URI> chain) {
        super(host, "redirect loop: " + target + " was already requested in " + chain, chain);
    }
}
