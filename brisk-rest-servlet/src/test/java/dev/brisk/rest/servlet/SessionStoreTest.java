package dev.brisk.rest.servlet;

import dev.brisk.rest.Brisk;
import dev.brisk.rest.BriskServer;
import dev.brisk.rest.RequestContext;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpSession;
import jakarta.servlet.http.HttpSessionEvent;
import jakarta.servlet.http.HttpSessionListener;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** Sessions in a store two servers share, through real sockets: what one server writes, the other reads. */
class SessionStoreTest {

    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    private final List<BriskServer> servers = new ArrayList<>();
    private final List<String> events = new CopyOnWriteArrayList<>();

    /** A store that keeps copies, as one in a database or a cache keeps what it was sent, not the objects. */
    static final class CopyingStore implements SessionStore {

        final Map<String, StoredSession> copies = new ConcurrentHashMap<>();
        final AtomicInteger saves = new AtomicInteger();

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
            if (stored == null || stored.isExpired(System.currentTimeMillis())) {
                return null;
            }
            stored.accessed(System.currentTimeMillis());
            return copy(stored);
        }

        @Override
        public void save(StoredSession session) {
            saves.incrementAndGet();
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

    @AfterEach
    void stop() {
        servers.forEach(BriskServer::close);
    }

    private BriskServer start(SessionStore store) {
        ServletSupport servlet = ServletSupport.builder().sessionStore(store).build();
        servlet.servletContext().addListener(new HttpSessionListener() {
            @Override
            public void sessionCreated(HttpSessionEvent event) {
                events.add("created");
            }

            @Override
            public void sessionDestroyed(HttpSessionEvent event) {
                events.add("destroyed " + event.getSession().getAttribute("count"));
            }
        });
        BriskServer server = Brisk.server().port(0).host("127.0.0.1").feature(servlet)
                .get("/count", SessionStoreTest::count)
                .post("/rotate", ctx -> {
                    HttpServletRequest request = ServletSupport.request(ctx);
                    ctx.send(request.getSession(false).getId().equals(request.changeSessionId()) ? "same" : "rotated");
                })
                .post("/logout", ctx -> {
                    ServletSupport.request(ctx).getSession().invalidate();
                    ctx.send("bye");
                })
                .start();
        servers.add(server);
        return server;
    }

    private static void count(RequestContext ctx) {
        HttpSession session = ServletSupport.request(ctx).getSession();
        Integer count = (Integer) session.getAttribute("count");
        session.setAttribute("count", count == null ? 1 : count + 1);
        ctx.send(session.getAttribute("count") + " " + session.isNew());
    }

    private static HttpResponse<String> send(BriskServer server, String method, String path, String cookie)
            throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
                .timeout(Duration.ofSeconds(10)).method(method, HttpRequest.BodyPublishers.noBody());
        if (cookie != null) {
            request.header("cookie", cookie);
        }
        return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String cookie(HttpResponse<String> response) {
        String header = response.headers().firstValue("set-cookie").orElseThrow();
        return header.substring(0, header.indexOf(';'));
    }

    @Test
    void aSessionWrittenOnOneServerIsReadOnTheOther() throws Exception {
        CopyingStore store = new CopyingStore();
        BriskServer a = start(store);
        BriskServer b = start(store);

        HttpResponse<String> first = send(a, "GET", "/count", null);
        assertThat(first.body()).isEqualTo("1 true");
        String cookie = cookie(first);
        String id = cookie.substring("JSESSIONID=".length());
        assertThat(store.copies.get(id).attributes()).containsEntry("count", 1);

        HttpResponse<String> second = send(b, "GET", "/count", cookie);
        assertThat(second.body()).isEqualTo("2 false");
        assertThat(second.headers().firstValue("set-cookie")).as("the cookie is set once").isEmpty();
        assertThat(send(a, "GET", "/count", cookie).body()).isEqualTo("3 false");
        assertThat(store.copies.get(id).attributes()).containsEntry("count", 3);
        assertThat(store.saves.get()).isEqualTo(3);

        HttpResponse<String> rotated = send(b, "POST", "/rotate", cookie);
        assertThat(rotated.body()).isEqualTo("rotated");
        String newCookie = cookie(rotated);
        assertThat(store.copies).doesNotContainKey(id).hasSize(1);
        assertThat(send(a, "GET", "/count", newCookie).body()).isEqualTo("4 false");
        assertThat(send(a, "GET", "/count", cookie).body()).as("the old id is gone").isEqualTo("1 true");

        assertThat(send(a, "POST", "/logout", newCookie).body()).isEqualTo("bye");
        assertThat(store.copies).hasSize(1).doesNotContainKey(newCookie.substring("JSESSIONID=".length()));
        assertThat(send(b, "GET", "/count", newCookie).body()).isEqualTo("1 true");
        assertThat(events).containsExactly("created", "created", "destroyed 4", "created");
    }

    @Test
    void theDefaultStoreTellsListenersOfExpiredSessions() throws Exception {
        ServletSupport servlet = ServletSupport.builder().sessionTimeout(Duration.ofSeconds(1)).build();
        servlet.servletContext().addListener(new HttpSessionListener() {
            @Override
            public void sessionDestroyed(HttpSessionEvent event) {
                events.add("destroyed " + event.getSession().getAttribute("count"));
            }
        });
        BriskServer server = Brisk.server().port(0).host("127.0.0.1").feature(servlet)
                .get("/count", SessionStoreTest::count).start();
        servers.add(server);
        String cookie = cookie(send(server, "GET", "/count", null));
        assertThat(send(server, "GET", "/count", cookie).body()).isEqualTo("2 false");
        Thread.sleep(1_100);
        assertThat(send(server, "GET", "/count", cookie).body()).isEqualTo("1 true");
        assertThat(events).containsExactly("destroyed 2");
    }
}
