package dev.brisk.rest.spring;

import dev.brisk.rest.Brisk;
import dev.brisk.rest.BriskServer;
import dev.brisk.rest.servlet.ServletSupport;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.security.core.annotation.CurrentSecurityContext;
import org.springframework.security.core.authority.AuthorityUtils;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.security.Principal;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Spring Security's {@code @AuthenticationPrincipal} and {@code @CurrentSecurityContext} parameters, filled from the
 * authentication a servlet filter put on the request (as Spring Security's request wrapper does), through real sockets.
 */
class SecurityParametersTest {

    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private static BriskServer server;

    /** An application's own annotation, meta-annotated, as Spring Security's documentation suggests. */
    @Target(ElementType.PARAMETER)
    @Retention(RetentionPolicy.RUNTIME)
    @AuthenticationPrincipal(expression = "username")
    public @interface CurrentUserName {
    }

    @RestController
    public static class Account {
        @GetMapping("/me")
        public String me(@AuthenticationPrincipal UserDetails user) {
            return user == null ? "anonymous" : user.getUsername() + " " + user.getAuthorities();
        }

        @GetMapping("/name")
        public String name(@CurrentUserName String name) {
            return String.valueOf(name);
        }

        @GetMapping("/wrong-type")
        public String wrongType(@AuthenticationPrincipal Integer notAUser) {
            return String.valueOf(notAUser);
        }

        @GetMapping("/context")
        public String context(@CurrentSecurityContext SecurityContext context,
                              @CurrentSecurityContext(expression = "authentication?.name") String name) {
            return context.getAuthentication() == null ? "none" : context.getAuthentication().getName() + "/" + name;
        }
    }

    @BeforeAll
    static void start() {
        ServletSupport servlet = ServletSupport.builder().build();
        servlet.servletContext().addFilter("authenticate", (request, response, chain) -> {
            HttpServletRequest http = (HttpServletRequest) request;
            String user = http.getHeader("x-user");
            if (user == null) {
                chain.doFilter(request, response);
                return;
            }
            UserDetails details = User.withUsername(user).password("unused").roles("VET").build();
            Principal authentication = UsernamePasswordAuthenticationToken.authenticated(details, null,
                    AuthorityUtils.createAuthorityList("ROLE_VET"));
            chain.doFilter(new HttpServletRequestWrapper(http) {
                @Override
                public Principal getUserPrincipal() {
                    return authentication;
                }
            }, response);
        }).addMappingForUrlPatterns(null, false, "/*");
        server = Brisk.server().port(0).host("127.0.0.1").feature(servlet).controllers(new Account()).start();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static String get(String path, String... headers) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path));
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        HttpResponse<String> response = CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(path).isEqualTo(200);
        return response.body();
    }

    @Test
    void theAuthenticationsPrincipalIsTheParameter() throws Exception {
        assertThat(get("/me", "x-user", "helen")).isEqualTo("helen [ROLE_VET]");
        assertThat(get("/me")).isEqualTo("anonymous");
    }

    @Test
    void aMetaAnnotationWithAnExpressionIsHonoured() throws Exception {
        assertThat(get("/name", "x-user", "rafael")).isEqualTo("rafael");
    }

    @Test
    void aPrincipalOfAnotherTypeIsNull() throws Exception {
        assertThat(get("/wrong-type", "x-user", "helen")).isEqualTo("null");
    }

    @Test
    void theSecurityContextAndAnExpressionOnIt() throws Exception {
        assertThat(get("/context", "x-user", "linda")).isEqualTo("linda/linda");
        assertThat(get("/context")).isEqualTo("none");
    }
}
