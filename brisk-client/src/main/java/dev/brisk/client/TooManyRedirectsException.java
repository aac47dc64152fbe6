package dev.brisk.client;

import java.net.URI;
import java.util.List;

/** The server redirected more often than the configured maximum. */
public final class TooManyRedirectsException extends RedirectException {

    private static final long serialVersionUID = 1L;

    public TooManyRedirectsException(String host, int maxRedirects, List<URI> chain) {
        super(host, "more than " + maxRedirects + " redirect(s) starting at " + chain.get(0) + ": " + chain, chain);
    }
}
