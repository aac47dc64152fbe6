package dev.brisk.rest.jaxrs.internal.jersey;

import dev.brisk.rest.jaxrs.internal.Exchange;
import org.glassfish.jersey.internal.PropertiesDelegate;

import java.util.Collection;

/** The request properties of an {@link Exchange} as Jersey's {@link PropertiesDelegate}. */
record ExchangeProperties(Exchange exchange) implements PropertiesDelegate {

    @Override
    public Object getProperty(String name) {
        return exchange.getProperty(name);
    }

    @Override
    public Collection<String> getPropertyNames() {
        return exchange.getPropertyNames();
    }

    @Override
    public void setProperty(String name, Object object) {
        exchange.setProperty(name, object);
    }

    @Override
    public void removeProperty(String name) {
        exchange.removeProperty(name);
    }
}
