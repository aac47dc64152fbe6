package dev.brisk.rest.jaxrs.sample;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

import java.util.Set;

/**
 * The whole library service as a Jakarta REST {@link Application}, deployed under {@code /api}: shared instances in
 * {@link #getSingletons()} (resources holding the store, stateless providers), and in {@link #getClasses()} a
 * per-request resource and providers the runtime instantiates itself.
 */
@ApplicationPath("/api")
public class LibraryApplication extends Application {

    private final BookStore store;

    public LibraryApplication() {
        this(BookStore.seeded());
    }

    public LibraryApplication(BookStore store) {
        this.store = store;
    }

    @Override
    public Set<Class<?>> getClasses() {
        return Set.of(ServerInfoResource.class, HttpMethodOverrideFilter.class, FallbackExceptionMapper.class,
                IsbnConverterProvider.class);
    }

    @Override
    @SuppressWarnings("deprecation")
    public Set<Object> getSingletons() {
        return Set.of(new BookResource(store), new CatalogResource(store), new MemberResource(),
                new BookNotFoundMapper(), new AuthFilter(), new RequestIdFilter(), new BookCsvProvider(),
                new GzipReaderInterceptor(), new GzipWriterInterceptor());
    }
}
