package dev.brisk.rest.jaxrs.sample;

import jakarta.ws.rs.ApplicationPath;
import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.server.ServerProperties;

import java.util.concurrent.Executor;

/**
 * The library service as a Jersey team configures it: a {@link ResourceConfig} registering resource and provider
 * classes (created by the runtime) and instances (holding the store), with a Jersey property. Beside what
 * {@link LibraryApplication} serves, it has the asynchronous availability checks ({@code AsyncResponse}) and the
 * catalogue's Server-Sent Events.
 */
@ApplicationPath("/api")
public class LibraryConfig extends ResourceConfig {

    public LibraryConfig(BookStore store, Executor availabilityChecker) {
        register(ServerInfoResource.class);
        register(HttpMethodOverrideFilter.class);
        register(FallbackExceptionMapper.class);
        register(IsbnConverterProvider.class);
        register(new BookResource(store));
        register(new CatalogResource(store));
        register(new MemberResource());
        register(new AvailabilityResource(store, availabilityChecker));
        register(new BookEventsResource(store));
        register(new BookNotFoundMapper());
        register(new AuthFilter());
        register(new RequestIdFilter());
        register(new BookCsvProvider());
        register(new GzipReaderInterceptor());
        register(new GzipWriterInterceptor());
        property(ServerProperties.WADL_FEATURE_DISABLE, true);
    }
}
