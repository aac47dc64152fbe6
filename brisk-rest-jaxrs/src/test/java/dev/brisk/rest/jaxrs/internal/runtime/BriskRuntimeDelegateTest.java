package dev.brisk.rest.jaxrs.internal.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.ws.rs.SeBootstrap;
import jakarta.ws.rs.core.Application;
import jakarta.ws.rs.core.CacheControl;
import jakarta.ws.rs.core.Cookie;
import jakarta.ws.rs.core.EntityTag;
import jakarta.ws.rs.core.Link;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.NewCookie;
import jakarta.ws.rs.ext.RuntimeDelegate;
import java.util.Date;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class BriskRuntimeDelegateTest {

    @Test
    void serviceLoaderFindsBriskDelegate() {
        assertThat(RuntimeDelegate.getInstance()).isInstanceOf(BriskRuntimeDelegate.class);
    }

    @Test
    void createsBrisksBuilders() {
        RuntimeDelegate delegate = RuntimeDelegate.getInstance();
        assertThat(delegate.createUriBuilder()).isInstanceOf(BriskUriBuilder.class);
        assertThat(delegate.createResponseBuilder()).isInstanceOf(BriskResponseBuilder.class);
        assertThat(delegate.createLinkBuilder()).isInstanceOf(BriskLinkBuilder.class);
        assertThat(delegate.createVariantListBuilder()).isInstanceOf(BriskVariantListBuilder.class);
    }

    @Test
    void hasHeaderDelegatesForTheStandardTypes() {
        RuntimeDelegate delegate = new BriskRuntimeDelegate();
        for (Class<?> type : new Class<?>[] {MediaType.class, CacheControl.class, Cookie.class, NewCookie.class,
                EntityTag.class, Date.class, Locale.class, Link.class}) {
            assertThat(delegate.createHeaderDelegate(type)).as(type.getSimpleName()).isNotNull();
        }
    }

    @Test
    void rejectsUnsupportedHeaderTypes() {
        RuntimeDelegate delegate = new BriskRuntimeDelegate();
        assertThatThrownBy(() -> delegate.createHeaderDelegate(StringBuilder.class))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("java.lang.StringBuilder");
        assertThatThrownBy(() -> delegate.createHeaderDelegate(null))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void headerDelegatesRejectNull() {
        RuntimeDelegate delegate = new BriskRuntimeDelegate();
        assertThatThrownBy(() -> delegate.createHeaderDelegate(MediaType.class).fromString(null))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> delegate.createHeaderDelegate(Date.class).toString(null))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void bootstrapAndEndpointsPointToBriskServer() {
        RuntimeDelegate delegate = new BriskRuntimeDelegate();
        Application app = new Application();
        assertThatThrownBy(() -> SeBootstrap.start(app))
                .isInstanceOf(UnsupportedOperationException.class)
                .hasMessageContaining("Brisk.server().controllers(...)")
                .hasMessageContaining("SeBootstrap");
        assertThatThrownBy(delegate::createConfigurationBuilder)
                .isInstanceOf(UnsupportedOperationException.class)
                .hasMessageContaining("SeBootstrap is not supported");
        assertThatThrownBy(() -> delegate.bootstrap(Application.class, null))
                .isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> delegate.createEndpoint(app, Object.class))
                .isInstanceOf(UnsupportedOperationException.class)
                .hasMessageContaining("createEndpoint");
    }
}
