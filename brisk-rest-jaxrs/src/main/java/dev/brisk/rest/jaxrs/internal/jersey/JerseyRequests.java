package dev.brisk.rest.jaxrs.internal.jersey;

import dev.brisk.rest.jaxrs.internal.Exchange;
import jakarta.ws.rs.container.ContainerRequestContext;

/** Makes the Jersey {@code ContainerRequest} view of an exchange; loaded only when Jersey is on the class path. */
public final class JerseyRequests {

    private JerseyRequests() {
    }

    /** {@code exchange} as a Jersey {@code ContainerRequest} whose every method reads or changes the exchange. */
    public static ContainerRequestContext view(Exchange exchange) {
        return new ExchangeContainerRequest(exchange);
    }
}
