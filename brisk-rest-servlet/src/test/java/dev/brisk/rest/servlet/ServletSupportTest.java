package dev.brisk.rest.servlet;

import dev.brisk.rest.Brisk;
import dev.brisk.rest.BriskServer;
import dev.brisk.rest.Route;
import dev.brisk.rest.Schedulers;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.FilterConfig;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.security.Principal;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;

/** Servlet filters around Brisk handlers, and the servlet views of a request, through real sockets. */
class ServletSupportTest {

    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private static final ThreadLocal<String> USER = new ThreadLocal<>();

    private final List<String> events = new CopyOnWriteArrayList<>();
    private BriskServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private BriskServer start(ServletSupport servlet, Consumer<BriskServer.Builder> routes) {
        BriskServer.Builder builder = Brisk.server().port(0).host("127.0.0.1").feature(servlet);
        routes.accept(builder);
        server = builder.start();
        return server;
    }

    private HttpResponse<String> send(String method, String path, String body, String... headers) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
                .timeout(Duration.ofSeconds(10))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body));
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> get(String path, String... headers) throws Exception {
        return send("GET", path, null, headers);
    }

    /** Binds a user to the thread around the chain and adds a header after it, as security filters do. */
    private final class SecurityLikeFilter implements Filter {
        @Override
        public void init(FilterConfig config) {
            events.add("init " + config.getFilterName());
        }

        @Override
        public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain) 
                throws IOException, ServletException {
            HttpServletRequest http = (HttpServletRequest) request;
            HttpServletResponse out = (HttpServletResponse) response;
            if (http.getHeader("authorization") == null) {
                out.setHeader("www-authenticate", "Basic realm=\"shop\"");
                out.sendError(401, "log in first");
                return;
            }
            USER.set("alice");
            try {
                chain.doFilter(new HttpServletRequestWrapper(http) {
                    @Override
                    public Principal getUserPrincipal() {
                        return () -> "alice";
                    }
                }, response);
            } finally {
                USER.remove();
                out.setHeader("x-content-type-options", "nosniff");
            }
        }

        @Override
        public void destroy() {
            events.add("destroy");
        }
    }

    @Test
    void filtersRunAroundTheHandlerOnItsThreadAndTheirLateHeadersGoOut() throws Exception {
        ServletSupport servlet = ServletSupport.builder().build();
        servlet.servletContext().addFilter("security", new SecurityLikeFilter())
                .addMappingForUrlPatterns(null, false, "/api/*");
        servlet.servletContext().addListener(new ServletContextListener() {
            @Override
            public void contextInitialized(ServletContextEvent sce) {
                events.add("context up");
            }
        });
        start(servlet, b -> b
                .route(Route.get("/api/me").scheduler(Schedulers.WORKER).handler(ctx -> {
                    HttpServletRequest request = ServletSupport.request(ctx);
                    ctx.send(USER.get() + " " + request.getUserPrincipal().getName());
                }))
                .get("/public", ctx -> ctx.send("open")));
        assertThat(events).containsExactly("context up", "init security");

        HttpResponse<String> me = get("/api/me", "authorization", "Basic YWxpY2U6c2VjcmV0");
        assertThat(me.statusCode()).isEqualTo(200);
        assertThat(me.body()).isEqualTo("alice alice");
        assertThat(me.headers().firstValue("x-content-type-options")).hasValue("nosniff");

        HttpResponse<String> refused = get("/api/me");
        assertThat(refused.statusCode()).isEqualTo(401);
        assertThat(refused.headers().firstValue("content-type")).hasValue("application/problem+json");
        assertThat(refused.headers().firstValue("www-authenticate")).hasValue("Basic realm=\"shop\"");
        assertThat(refused.body()).contains("\"status\":401", "\"detail\":\"log in first\"",
                "\"instance\":\"/api/me\"");

        HttpResponse<String> open = get("/public");
        assertThat(open.body()).isEqualTo("open");
        assertThat(open.headers().firstValue("x-content-type-options")).isEmpty();

        assertThat(get("/api/none", "authorization", "Basic x").statusCode()).isEqualTo(404);
        server.close();
        server = null;
        assertThat(events).endsWith("destroy");
    }

    @Test
    void aFilterMayAnswerWithABodyOrARedirect() throws Exception {
        ServletSupport servlet = ServletSupport.builder().build();
        servlet.servletContext().addFilter("answers", (request, response, chain) -> {
            HttpServletRequest http = (HttpServletRequest) request;
            HttpServletResponse out = (HttpServletResponse) response;
            switch (http.getServletPath()) {
                case "/text" -> {
                    out.setStatus(418);
                    out.setContentType("text/plain");
                    out.setCharacterEncoding("UTF-8");
                    out.getWriter().write("teapot \u2615");
                }
                case "/old" -> out.sendRedirect("/new");
                default -> chain.doFilter(request, response);
            }
        }).addMappingForUrlPatterns(null, false, "/*");
        start(servlet, b -> b.get("/new", ctx -> ctx.send("new")));

        HttpResponse<String> text = get("/text");
        assertThat(text.statusCode()).isEqualTo(418);
        assertThat(text.headers().firstValue("content-type")).hasValue("text/plain;charset=UTF-8");
        assertThat(text.body()).isEqualTo("teapot \u2615");

        HttpResponse<String> old = get("/old");
        assertThat(old.statusCode()).isEqualTo(302);
        assertThat(old.headers().firstValue("location")).hasValue("http://127.0.0.1:" + server.port() + "/new");
        assertThat(get("/new").body()).isEqualTo("new");
    }

    @Test
    void theRequestViewShowsPathsParametersHeadersAndBody() throws Exception {
        ServletSupport servlet = ServletSupport.builder().contextPath("/shop").build();
        start(servlet, b -> b.options(o -> o.contextPath("/shop"))
                .post("/orders/{id}", ctx -> {
                    HttpServletRequest request = ServletSupport.request(ctx);
                    ctx.send(String.join("|", request.getMethod(), request.getRequestURI(),
                            request.getContextPath(), request.getServletPath(), request.getQueryString(),
                            request.getParameter("q"), String.join(",", request.getParameterValues("item")),
                            request.getHeader("x-test"), request.getRequestURL().toString().replaceAll(":\\d+", ":P"),
                            String.valueOf(request.getLocale())));
                }));
        HttpResponse<String> response = send("POST", "/shop/orders/7?q=1&item=a", "item=b&item=c+d",
                "content-type", "application/x-www-form-urlencoded", "x-test", "yes", "accept-language", "fr-CH, en;q=0.5");
        assertThat(response.body()).isEqualTo("POST|/shop/orders/7|/shop|/orders/7|q=1&item=a|1|a,b,c d|yes|"
                + "http://127.0.0.1:P/shop/orders/7|fr_CH");
    }

    @Test
    void sessionsLiveInMemoryBehindACookieAndAreBounded() throws Exception {
        ServletSupport servlet = ServletSupport.builder().contextPath("/app").maxSessions(2).build();
        start(servlet, b -> b.options(o -> o.contextPath("/app")).get("/count", ctx -> {
            HttpSession session = ServletSupport.request(ctx).getSession();
            Integer count = (Integer) session.getAttribute("count");
            session.setAttribute("count", count == null ? 1 : count + 1);
            ctx.send(session.getAttribute("count") + " " + session.isNew());
        }));
        HttpResponse<String> first = get("/app/count");
        assertThat(first.body()).isEqualTo("1 true");
        String cookie = first.headers().firstValue("set-cookie").orElseThrow();
        assertThat(cookie).matches("JSESSIONID=[0-9A-F]{32}; Path=/app; HttpOnly; SameSite=Lax");
        String id = cookie.substring(0, cookie.indexOf(';'));

        HttpResponse<String> second = get("/app/count", "cookie", id);
        assertThat(second.body()).isEqualTo("2 false");
        assertThat(second.headers().firstValue("set-cookie")).isEmpty();

        assertThat(get("/app/count", "cookie", "JSESSIONID=forged").body()).isEqualTo("1 true");
        HttpResponse<String> beyond = get("/app/count");
        assertThat(beyond.statusCode()).isEqualTo(503);
        assertThat(get("/app/count", "cookie", id).body()).isEqualTo("3 false");
    }

    @Test
    void aHandlerMayAnswerThroughItsServletResponse() throws Exception {
        ServletSupport servlet = ServletSupport.builder().build();
        start(servlet, b -> b.get("/download", ctx -> {
            HttpServletResponse response = ServletSupport.response(ctx);
            response.setContentType("text/csv");
            response.setHeader("content-disposition", "attachment; filename=a.csv");
            response.getOutputStream().write("a,b\n1,2\n".getBytes());
            ServletSupport.sendAnswer(ctx);
        }));
        HttpResponse<String> response = get("/download");
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("content-type")).hasValue("text/csv");
        assertThat(response.headers().firstValue("content-disposition")).hasValue("attachment; filename=a.csv");
        assertThat(response.body()).isEqualTo("a,b\n1,2\n");
    }

    @Test
    void aHandlerFailureAFilterCatchesIsAnsweredWithWhatTheFilterSet() throws Exception {
        ServletSupport servlet = ServletSupport.builder().build();
        servlet.servletContext().addFilter("challenge", (request, response, chain) -> {
            try {
                chain.doFilter(request, response);
            } catch (SecurityException denied) {
                HttpServletResponse http = (HttpServletResponse) response;
                http.setStatus(403);
                http.setHeader("www-authenticate", "Bearer error=\"insufficient_scope\"");
            }
        }).addMappingForUrlPatterns(null, false, "/*");
        start(servlet, b -> b.get("/denied", ctx -> {
            SecurityException denied = new SecurityException("denied");
            if (!ServletSupport.propagateToFilters(ctx, denied)) {
                throw denied;
            }
        }));
        HttpResponse<String> response = get("/denied");
        assertThat(response.statusCode()).isEqualTo(403);
        assertThat(response.headers().firstValue("www-authenticate")).hasValue("Bearer error=\"insufficient_scope\"");
        assertThat(response.body()).isEmpty();
    }

    @Test
    void aFailingFilterIsAServerError() throws Exception {
        ServletSupport servlet = ServletSupport.builder().build();
        servlet.servletContext().addFilter("broken", (request, response, chain) -> {
            throw new IllegalStateException("broken filter");
        }).addMappingForUrlPatterns(null, false, "/*");
        start(servlet, b -> b.get("/x", ctx -> ctx.send("x")));
        assertThat(get("/x").statusCode()).isEqualTo(500);
    }
}
