package dev.brisk.spring.boot.test;

import dev.brisk.spring.boot.BriskWebServer;
import dev.brisk.spring.boot.BriskApplicationContext;
import dev.brisk.spring.boot.autoconfigure.BriskWebServerAutoConfiguration;
import dev.brisk.spring.boot.autoconfigure.ConditionalOnBriskWebApplication;
import dev.brisk.test.BriskTest;
import dev.brisk.test.TestClient;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;

/**
 * When brisk-test is on the class path (a test), a {@link TestClient} bean runs requests through the application's
 * Brisk pipeline in process, without a socket: in a mock web environment ({@code brisk.listen=false}) and next to a
 * listening server alike.
 *
 * <pre>{@code
 * @SpringBootTest
 * class UserApiTest {
 *     @Autowired TestClient client;
 *
 *     @Test void reads() {
 *         assertThat(client.get("/users/1").execute().status()).isEqualTo(200);
 *     }
 * }
 * }</pre>
 */
@AutoConfiguration(after = BriskWebServerAutoConfiguration.class)
@ConditionalOnClass(TestClient.class)
@ConditionalOnBriskWebApplication
public final class BriskTestClientAutoConfiguration {

    BriskTestClientAutoConfiguration() {
    }

    @Bean
    @ConditionalOnMissingBean
    TestClient briskTestClient(ApplicationContext context) {
        return (method, path) -> {
            BriskWebServer server = context instanceof BriskApplicationContext brisk ? brisk.getWebServer()
                    : null;
            if (server == null) {
                throw new IllegalStateException("this application context serves no Brisk server");
            }
            return BriskTest.client(server.handler()).request(method, path);
        };
    }
}
