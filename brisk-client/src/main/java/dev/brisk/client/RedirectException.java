package dev.brisk.client;

import java.net.URI;
import java.util.List;

/** Redirects could not be followed; the subclass says why. {@link #chain()} lists the URIs visited. */
public class RedirectException extends HttpClientException {

    private static final long serialVersionUID = 1L;

    @SuppressWarnings("serial") // details for the caller, not meant for Java serialization
    private final List<URI> chain;

    public RedirectException(String host, String message, List<URI> chain) {
        super(host, message);
        this.chain = List.copyOf(chain);
    }

    /** The URIs requested, in order, the original one first. */
    public List<URI> chain() {
        return chain;
    }
}
