package dev.brisk.spring.boot;

import dev.brisk.spring.boot.internal.ServletFacade;
import org.springframework.boot.web.server.servlet.ServletWebServerFactory;
import org.springframework.boot.web.server.servlet.context.AnnotationConfigServletWebServerApplicationContext;
import org.springframework.context.ApplicationContextException;

/**
 * The application context of a Spring Boot application served by Brisk when the servlet API is on the class path (Boot
 * then sees a servlet application). It is Boot's servlet web server context — so the servlet-only auto-configuration
 * (Spring Security's filter chain among it), {@code ServletContextInitializer} beans, {@code FilterRegistrationBean}s,
 * {@code Filter} beans and the {@code servletContext} bean work as on Tomcat — whose web server is Brisk with its
 * servlet facade, made from the {@link BriskWebServerFactory} bean whatever other servlet web server factory exists.
 */
public class BriskServletWebServerApplicationContext extends AnnotationConfigServletWebServerApplicationContext
        implements BriskApplicationContext {

    public BriskServletWebServerApplicationContext() {
    }

    @Override
    protected ServletWebServerFactory getWebServerFactory() {
        String[] factories = getBeanFactory().getBeanNamesForType(BriskWebServerFactory.class);
        if (factories.length != 1) {
            throw new ApplicationContextException(factories.length == 0
                    ? "Unable to start Brisk: no BriskWebServerFactory bean (the starter's auto-configuration makes "
                    + "one unless it was excluded)"
                    : "Unable to start Brisk: several BriskWebServerFactory beans: " + String.join(", ", factories));
        }
        BriskWebServerFactory factory = getBeanFactory().getBean(factories[0], BriskWebServerFactory.class);
        return initializers -> factory.getWebServer(this, ServletFacade.of(factory, this, initializers));
    }

    /** The Brisk web server, or null before it is created. */
    @Override
    public BriskWebServer getWebServer() {
        return (BriskWebServer) super.getWebServer();
    }
}
