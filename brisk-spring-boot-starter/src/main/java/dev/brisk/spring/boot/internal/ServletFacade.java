package dev.brisk.spring.boot.internal;

import dev.brisk.rest.servlet.ServletSupport;
import dev.brisk.rest.servlet.SessionStore;
import dev.brisk.spring.boot.BriskWebServerFactory;
import jakarta.servlet.ServletException;
import jakarta.servlet.SessionCookieConfig;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.web.server.WebServerException;
import org.springframework.boot.web.servlet.ServletContextInitializer;
import org.springframework.context.ApplicationContext;

import java.time.Duration;
import java.util.Locale;

/**
 * Brisk's servlet facade for a Boot servlet application: its context path, sessions as
 * {@code server.servlet.session.*} configures them (timeout, cookie name, path, domain, max age, HttpOnly, Secure,
 * SameSite) and kept by the application's {@link SessionStore} bean if it has one (else in memory), then Boot's initializers run against its servlet context, as a servlet container runs them: they add the
 * application's {@code Filter} beans, {@code FilterRegistrationBean}s, Spring Security's filter chain, listeners.
 */
public final class ServletFacade {

    private static final System.Logger LOG = System.getLogger(ServletFacade.class.getName());

    private ServletFacade() {
    }

    public static ServletSupport of(BriskWebServerFactory factory, ApplicationContext context,
                                    ServletContextInitializer... initializers) {
        Binder binder = Binder.get(context.getEnvironment());
        ServletSupport.Builder builder = ServletSupport.builder().contextPath(factory.routePrefix())
                .sessionTimeout(binder.bind("server.servlet.session.timeout", Duration.class)
                        .orElse(Duration.ofMinutes(30)));
        if (context.getClassLoader() != null) {
            builder.classLoader(context.getClassLoader());
        }
        context.getBeanProvider(SessionStore.class).ifAvailable(builder::sessionStore);
        ServletSupport servlet = builder.build();
        cookie(binder, servlet.servletContext().getSessionCookieConfig());
        for (ServletContextInitializer initializer : initializers) {
            try {
                initializer.onStartup(servlet.servletContext());
            } catch (ServletException e) {
                throw new WebServerException("Unable to start Brisk: a servlet context initializer failed: "
                        + e.getMessage(), e);
            }
        }
        LOG.log(System.Logger.Level.INFO, () -> "Brisk serves this servlet application (the servlet API is on the "
                + "class path): " + servlet.servletContext().getFilterRegistrations().size() + " servlet filters on "
                + "Brisk's servlet facade, no servlet container");
        return servlet;
    }

    private static void cookie(Binder binder, SessionCookieConfig cookie) {
        String prefix = "server.servlet.session.cookie.";
        binder.bind(prefix + "name", String.class).ifBound(cookie::setName);
        binder.bind(prefix + "domain", String.class).ifBound(cookie::setDomain);
        binder.bind(prefix + "path", String.class).ifBound(cookie::setPath);
        binder.bind(prefix + "http-only", Boolean.class).ifBound(cookie::setHttpOnly);
        binder.bind(prefix + "secure", Boolean.class).ifBound(cookie::setSecure);
        binder.bind(prefix + "max-age", Duration.class).ifBound(age -> cookie.setMaxAge((int) age.toSeconds()));
        binder.bind(prefix + "same-site", String.class).ifBound(sameSite -> cookie.setAttribute("SameSite",
                sameSite.substring(0, 1).toUpperCase(Locale.ROOT) + sameSite.substring(1).toLowerCase(Locale.ROOT)));
    }
}
