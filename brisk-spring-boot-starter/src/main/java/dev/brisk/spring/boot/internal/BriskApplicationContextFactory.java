package dev.brisk.spring.boot.internal;

import dev.brisk.spring.boot.BriskServletWebServerApplicationContext;
import dev.brisk.spring.boot.BriskWebServerApplicationContext;
import org.springframework.aot.AotDetector;
import org.springframework.boot.ApplicationContextFactory;
import org.springframework.boot.WebApplicationType;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;

/**
 * Makes the application context of an application served by Brisk (registered in {@code META-INF/spring.factories},
 * ahead of Boot's own factories): a {@link BriskWebServerApplicationContext} when Boot sees no web stack, a
 * {@link BriskServletWebServerApplicationContext} when it sees a servlet application (the servlet API is on the class
 * path, whether or not a servlet container is too). A reactive application is left to Boot. A context without a
 * {@code BriskWebServerFactory} bean ({@code spring.main.web-application-type=none}) behaves as a plain one.
 */
@Order(Ordered.HIGHEST_PRECEDENCE)
public final class BriskApplicationContextFactory implements ApplicationContextFactory {

    @Override
    public ConfigurableApplicationContext create(WebApplicationType webApplicationType) {
        if (AotDetector.useGeneratedArtifacts()) {
            return null;
        }
        return switch (webApplicationType) {
            case NONE -> new BriskWebServerApplicationContext();
            case SERVLET -> new BriskServletWebServerApplicationContext();
            default -> null;
        };
    }
}
