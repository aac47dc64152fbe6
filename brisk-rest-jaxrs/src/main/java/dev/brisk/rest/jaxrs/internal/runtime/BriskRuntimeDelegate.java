package dev.brisk.rest.jaxrs.internal.runtime;

import jakarta.ws.rs.SeBootstrap;
import jakarta.ws.rs.core.Application;
import jakarta.ws.rs.core.CacheControl;
import jakarta.ws.rs.core.Cookie;
import jakarta.ws.rs.core.EntityPart;
import jakarta.ws.rs.core.EntityTag;
import jakarta.ws.rs.core.Link;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.NewCookie;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriBuilder;
import jakarta.ws.rs.core.Variant;
import jakarta.ws.rs.ext.RuntimeDelegate;
import java.util.Date;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletionStage;

/**
 * Brisk's implementation of the Jakarta REST {@link RuntimeDelegate}, found through {@code ServiceLoader}: it backs
 * {@code Response}, {@code UriBuilder}, {@code Link}, {@code Variant}, {@code EntityPart} and the header value types.
 * Brisk runs resources on its own server, so the Java SE bootstrap and endpoint APIs are not supported.
 */
public final class BriskRuntimeDelegate extends RuntimeDelegate {

    private static final Map<Class<?>, HeaderDelegate<?>> HEADER_DELEGATES = Map.of(
            MediaType.class, MediaTypeDelegate.INSTANCE,
            CacheControl.class, CacheControlDelegate.INSTANCE,
            Cookie.class, CookieDelegate.INSTANCE,
            NewCookie.class, NewCookieDelegate.INSTANCE,
            EntityTag.class, EntityTagDelegate.INSTANCE,
            Date.class, DateDelegate.INSTANCE,
            Locale.class, LocaleDelegate.INSTANCE,
            Link.class, LinkDelegate.INSTANCE);

    private static final String SERVE_WITH_BRISK =
            "Brisk serves JAX-RS resources through Brisk.server().controllers(...)";

    /** Instantiated by {@code ServiceLoader}. */
    public BriskRuntimeDelegate() {
    }

    @Override
    public UriBuilder createUriBuilder() {
        return new BriskUriBuilder();
    }

    @Override
    public Response.ResponseBuilder createResponseBuilder() {
        return new BriskResponseBuilder();
    }

    @Override
    public Variant.VariantListBuilder createVariantListBuilder() {
        return new BriskVariantListBuilder();
    }

    @Override
    public Link.Builder createLinkBuilder() {
        return new BriskLinkBuilder();
    }

    /**
     * The delegate for {@link MediaType}, {@link CacheControl}, {@link Cookie}, {@link NewCookie},
     * {@link EntityTag}, {@link Date}, {@link Locale} or {@link Link}.
     *
     * @throws IllegalArgumentException for any other type, or null
     */
    @Override
    @SuppressWarnings("unchecked")
    public <T> HeaderDelegate<T> createHeaderDelegate(Class<T> type) {
        if (type == null) {
            throw new IllegalArgumentException("header value type is null");
        }
        HeaderDelegate<?> delegate = HEADER_DELEGATES.get(type);
        if (delegate == null) {
            throw new IllegalArgumentException("no header delegate for " + type.getName() + "; supported: "
                    + "MediaType, CacheControl, Cookie, NewCookie, EntityTag, Date, Locale, Link");
        }
        return (HeaderDelegate<T>) delegate;
    }

    /** Unsupported: resources are served by a Brisk server rather than by an endpoint object. */
    @Override
    public <T> T createEndpoint(Application application, Class<T> endpointType) {
        throw new UnsupportedOperationException(
                SERVE_WITH_BRISK + "; RuntimeDelegate.createEndpoint is not supported");
    }

    /** Unsupported: start a Brisk server instead. */
    @Override
    public SeBootstrap.Configuration.Builder createConfigurationBuilder() {
        throw new UnsupportedOperationException(SERVE_WITH_BRISK + "; SeBootstrap is not supported");
    }

    /** Unsupported: start a Brisk server instead. */
    @Override
    public CompletionStage<SeBootstrap.Instance> bootstrap(Application application,
            SeBootstrap.Configuration configuration) {
        throw new UnsupportedOperationException(SERVE_WITH_BRISK + "; SeBootstrap is not supported");
    }

    /** Unsupported: start a Brisk server instead. */
    @Override
    public CompletionStage<SeBootstrap.Instance> bootstrap(Class<? extends Application> clazz,
            SeBootstrap.Configuration configuration) {
        throw new UnsupportedOperationException(SERVE_WITH_BRISK + "; SeBootstrap is not supported");
    }

    /** A builder of a multipart part, for resources that return {@code List<EntityPart>} (and for tests). */
    @Override
    public EntityPart.Builder createEntityPartBuilder(String partName) {
        return new EntityPartBuilder(partName);
    }
}
