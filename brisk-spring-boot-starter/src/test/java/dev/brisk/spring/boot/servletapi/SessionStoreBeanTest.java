package dev.brisk.spring.boot.servletapi;

import dev.brisk.rest.servlet.SessionStore;
import dev.brisk.rest.servlet.StoredSession;
import jakarta.servlet.http.HttpSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A {@link SessionStore} bean of the application: the starter gives it to Brisk's servlet facade, so the
 * {@code HttpSession}s of Spring Security and of the handlers live there. Through real sockets.
 */
@Tag("servlet-api")
class SessionStoreBeanTest {

    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private static ConfigurableApplicationContext context;
    private static int port;

    /** Keeps copies of the sessions, as a store in a database or a cache would. */
    static final class CopyingStore implements SessionStore {

        final Map<String, StoredSession> copies = new ConcurrentHashMap<>();

        private static StoredSession copy(StoredSession session) {
            return new StoredSession(session.id(), session.creationTime(), session.lastAccessedTime(),
                    session.maxInactiveSeconds(), session.attributes());
        }

        @Override
        public StoredSession create(int maxInactiveSeconds) {
            StoredSession session = new StoredSession(UUID.randomUUID().toString(), maxInactiveSeconds);
            copies.put(session.id(), copy(session));
            return session;
        }

        @Override
        public StoredSession find(String id) {
            StoredSession stored = copies.get(id);
            return stored == null ? null : copy(stored);
        }

        @Override
        public void save(StoredSession session) {
            copies.put(session.id(), copy(session));
        }

        @Override
        public void changeId(StoredSession session) {
            copies.remove(session.id());
            session.id(UUID.randomUUID().toString());
            copies.put(session.id(), copy(session));
        }

        @Override
        public void remove(String id) {
            copies.remove(id);
        }
    }

    @SpringBootConfiguration
    @EnableAutoConfiguration
    @Import(StoreApplication.Cart.class)
    static class StoreApplication {

        @RestController
        static class Cart {
            @GetMapping("/cart/add")
            String add(HttpSession session) {
                Integer items = (Integer) session.getAttribute("items");
                session.setAttribute("items", items == null ? 1 : items + 1);
                return session.getId() + " " + session.getAttribute("items");
            }
        }

        @Bean
        CopyingStore sessionStore() {
            return new CopyingStore();
        }

        @Bean
        SecurityFilterChain open(HttpSecurity http) throws Exception {
            return http.authorizeHttpRequests(requests -> requests.anyRequest().permitAll()).build();
        }
    }

    @BeforeAll
    static void start() {
        context = new SpringApplicationBuilder(StoreApplication.class)
                .properties("server.port=0", "logging.level.root=warn").run();
        port = ((WebServerApplicationContext) context).getWebServer().getPort();
    }

    @AfterAll
    static void stop() {
        context.close();
    }

    private static HttpResponse<String> get(String path, String cookie) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path));
        if (cookie != null) {
            request.header("cookie", cookie);
        }
        return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void theHandlersSessionsLiveInTheApplicationsStore() throws Exception {
        CopyingStore store = context.getBean(CopyingStore.class);
        HttpResponse<String> first = get("/cart/add", null);
        String header = first.headers().firstValue("set-cookie").orElseThrow();
        String id = header.substring("JSESSIONID=".length(), header.indexOf(';'));
        assertThat(first.body()).isEqualTo(id + " 1");
        assertThat(store.copies.get(id).attributes()).containsEntry("items", 1);

        HttpResponse<String> second = get("/cart/add", "JSESSIONID=" + id);
        assertThat(second.body()).isEqualTo(id + " 2");
        assertThat(second.headers().firstValue("set-cookie")).isEmpty();
        assertThat(store.copies.get(id).attributes()).containsEntry("items", 2);
    }
}
