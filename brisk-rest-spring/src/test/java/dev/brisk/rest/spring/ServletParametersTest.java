package dev.brisk.rest.spring;

import dev.brisk.rest.Brisk;
import dev.brisk.rest.BriskServer;
import dev.brisk.rest.servlet.ServletSupport;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.bind.annotation.RestControllerAdvice;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.security.Principal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Handler and advice methods that take the servlet request, response, session or the principal a servlet filter
 * authenticated, as on Spring MVC, with Brisk's servlet facade installed.
 */
class ServletParametersTest {

    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private static BriskServer server;

    static class OwnerNotFound extends RuntimeException {
        OwnerNotFound(String id) {
            super("no owner " + id);
        }
    }

    @RestController
    public static class Owners {
        @GetMapping("/owners/{id}")
        public String owner(@PathVariable String id, HttpServletRequest request, HttpServletResponse response) {
            if (id.equals("0")) {
                throw new OwnerNotFound(id);
            }
            response.setHeader("x-owner", id);
            return "owner " + id + " via " + request.getMethod() + " " + request.getRequestURI();
        }

        @GetMapping("/visits")
        public String visits(HttpSession session) {
            Integer count = (Integer) session.getAttribute("visits");
            session.setAttribute("visits", count == null ? 1 : count + 1);
            return String.valueOf(session.getAttribute("visits"));
        }

        @GetMapping("/export")
        public void export(HttpServletResponse response) throws IOException {
            response.setContentType("text/csv");
            response.getWriter().print("id,name\n1,Leo\n");
        }

        @GetMapping("/denied")
        public String denied() {
            throw new SecurityException("not yours");
        }

        @GetMapping("/me")
        public String me(Principal principal) {
            return principal == null ? "anonymous" : principal.getName();
        }
    }

    /** A plain {@code @Controller}: its methods answer with a body only by their return type or the response. */
    @Controller
    public static class Pages {
        @GetMapping("/old-page")
        public ResponseEntity<Void> moved() {
            return ResponseEntity.status(HttpStatus.FOUND).location(URI.create("/new-page")).build();
        }

        @GetMapping("/page.txt")
        public void text(HttpServletResponse response) throws IOException {
            response.setContentType("text/plain");
            response.getWriter().print("plain page");
        }
    }

    @Controller
    public static class Views {
        @GetMapping("/view")
        public String view() {
            return "home";
        }
    }

    @RestControllerAdvice
    public static class Advice {
        @ExceptionHandler(OwnerNotFound.class)
        public ProblemDetail notFound(OwnerNotFound e, HttpServletRequest request) {
            ProblemDetail problem = ProblemDetail.forStatusAndDetail(
                    HttpStatus.NOT_FOUND, e.getMessage());
            problem.setProperty("path", request.getRequestURI());
            return problem;
        }
    }

    @BeforeAll
    static void start() {
        ServletSupport servlet = ServletSupport.builder().build();
        servlet.servletContext().addFilter("authenticate", (request, response, chain) -> {
            HttpServletRequest http = (HttpServletRequest) request;
            String user = http.getHeader("x-user");
            try {
                chain.doFilter(user == null ? request : new HttpServletRequestWrapper(http) {
                    @Override
                    public Principal getUserPrincipal() {
                        return () -> user;
                    }
                }, response);
            } catch (SecurityException e) {
                // as Spring Security's exception translation does with an access denied the handler threw
                ((HttpServletResponse) response).sendError(403, e.getMessage());
            }
        }).addMappingForUrlPatterns(null, false, "/*");
        server = Brisk.server().port(0).host("127.0.0.1").feature(servlet)
                .controllers(new Owners(), new Pages(), new Advice()).start();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static HttpResponse<String> get(String path, String... headers) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path));
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void handlersTakeTheServletRequestAndResponse() throws Exception {
        HttpResponse<String> response = get("/owners/7");
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("owner 7 via GET /owners/7");
        assertThat(response.headers().firstValue("x-owner")).hasValue("7");
    }

    @Test
    void adviceTakesTheServletRequest() throws Exception {
        HttpResponse<String> response = get("/owners/0");
        assertThat(response.statusCode()).isEqualTo(404);
        assertThat(response.body()).contains("\"path\":\"/owners/0\"", "no owner 0");
    }

    @Test
    void aSessionIsMadeWhenNeededAndFoundAgainByItsCookie() throws Exception {
        HttpResponse<String> first = get("/visits");
        assertThat(first.body()).isEqualTo("1");
        String cookie = first.headers().firstValue("set-cookie").orElseThrow();
        assertThat(get("/visits", "cookie", cookie.substring(0, cookie.indexOf(';'))).body()).isEqualTo("2");
    }

    @Test
    void aVoidHandlerAnswersThroughItsServletResponse() throws Exception {
        HttpResponse<String> response = get("/export");
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("content-type")).get().asString().startsWith("text/csv");
        assertThat(response.body()).isEqualTo("id,name\n1,Leo\n");
    }

    @Test
    void aFailureNoAdviceAnswersGoesToTheServletFilters() throws Exception {
        HttpResponse<String> response = get("/denied");
        assertThat(response.statusCode()).isEqualTo(403);
        assertThat(response.headers().firstValue("content-type")).hasValue("application/problem+json");
        assertThat(response.body()).contains("\"detail\":\"not yours\"");
    }

    @Test
    void aControllerWithoutResponseBodyAnswersWithAResponseEntityOrThroughTheResponse() throws Exception {
        HttpResponse<String> moved = get("/old-page");
        assertThat(moved.statusCode()).isEqualTo(302);
        assertThat(moved.headers().firstValue("location")).hasValue("/new-page");
        assertThat(get("/page.txt").body()).isEqualTo("plain page");
    }

    @Test
    void aControllerMethodThatNamesAViewIsRefusedAtStartup() {
        assertThatThrownBy(() -> Brisk.server().port(0).controllers(new Views()).start())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("returns a view name");
    }

    @Test
    void thePrincipalIsTheOneTheServletFilterAuthenticated() throws Exception {
        assertThat(get("/me", "x-user", "alice").body()).isEqualTo("alice");
        assertThat(get("/me").body()).isEqualTo("anonymous");
    }
}
