package dev.brisk.spring.boot.test;

import dev.brisk.spring.boot.BriskWebServer;
import dev.brisk.spring.boot.BriskApplicationContext;
import dev.brisk.spring.boot.BriskWebServerFactory;
import org.springframework.boot.web.server.Ssl;
import org.springframework.boot.test.http.server.LocalTestWebServer;
import org.springframework.context.ApplicationContext;

/**
 * Tells Boot's test clients ({@code RestTestClient}, {@code TestRestTemplate}, {@code WebTestClient}) where the Brisk
 * server of a {@code @SpringBootTest} listens: {@code http(s)://localhost:<local.server.port><context path>}.
 */
public final class BriskLocalTestWebServerProvider implements LocalTestWebServer.Provider {

    private final ApplicationContext context;

    public BriskLocalTestWebServerProvider(ApplicationContext context) {
        this.context = context;
    }

    @Override
    public LocalTestWebServer getLocalTestWebServer() {
        if (!(context instanceof BriskApplicationContext brisk) || brisk.getWebServer() == null) {
            return null;
        }
        BriskWebServerFactory factory = context.getBeanProvider(BriskWebServerFactory.class).getIfAvailable();
        boolean tls = factory != null && Ssl.isEnabled(factory.getSsl());
        return LocalTestWebServer.of(tls ? LocalTestWebServer.Scheme.HTTPS : LocalTestWebServer.Scheme.HTTP, () -> {
            BriskWebServer server = brisk.getWebServer();
            int port = server != null && server.isListening() ? server.getPort()
                    : context.getEnvironment().getProperty("local.server.port", Integer.class, 8080);
            String path = server != null && server.server().isPresent()
                    ? server.server().get().options().contextPath() : "";
            return new LocalTestWebServer.BaseUriDetails(port, path);
        });
    }
}
