package dev.brisk.spring.boot.internal;

import dev.brisk.spring.boot.BriskWebServerApplicationContext;
import org.springframework.aot.AotDetector;
import org.springframework.boot.ApplicationContextFactory;
import org.springframework.boot.WebApplicationType;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Makes the application context of an application without a servlet or reactive web stack a
 * {@link BriskWebServerApplicationContext} (registered in {@code META-INF/spring.factories}). Such a context without a
 * {@code BriskWebServerFactory} bean ({@code spring.main.web-application-type=none}) behaves as a plain one.
 */
public final class BriskApplicationContextFactory implements ApplicationContextFactory {

    @Override
    public ConfigurableApplicationContext create(WebApplicationType webApplicationType) {
        if (webApplicationType != WebApplicationType.NONE || AotDetector.useGeneratedArtifacts()) {
            return null;
        }
        return new BriskWebServerApplicationContext();
    }
}
