package dev.brisk.spring.boot.servletapi;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.security.config.annotation.method.configuration.EnableMethodSecurity;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.NimbusJwtDecoder;
import org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationToken;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.Principal;
import java.security.interfaces.RSAPublicKey;
import java.time.Instant;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.security.config.Customizer.withDefaults;

/**
 * An OAuth2 resource server taking JWTs on Brisk, through real sockets: tokens signed with an RSA key made here,
 * checked by a decoder of its public key (declared as a bean, or by Boot from
 * {@code spring.security.oauth2.resourceserver.jwt.public-key-location}); the token's scopes are authorities for
 * Security's rules and {@code @PreAuthorize} (beside the {@code FACTOR_BEARER} authority of the way it authenticated);
 * the handler sees the token as its principal.
 */
@Tag("servlet-api")
class JwtResourceServerTest {

    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private static final KeyPair KEYS = JwtTokens.rsaKeys();
    private static final KeyPair OTHER_KEYS = JwtTokens.rsaKeys();

    @RestController
    static class Documents {
        @GetMapping("/documents")
        @PreAuthorize("hasAuthority('SCOPE_read')")
        String documents(Principal principal) {
            return "documents of " + principal.getName();
        }

        @PostMapping("/documents")
        @PreAuthorize("hasAuthority('SCOPE_write')")
        String write(Principal principal) {
            return "written by " + principal.getName();
        }

        @GetMapping("/claims")
        String claims(@AuthenticationPrincipal Jwt jwt) {
            return jwt.getSubject() + " " + jwt.getClaimAsString("scope");
        }

        @GetMapping("/token")
        String token(JwtAuthenticationToken authentication) {
            return authentication.getToken().getSubject() + " " + authentication.getToken().getIssuer() + " "
                    + authentication.getAuthorities().stream().map(GrantedAuthority::getAuthority).sorted()
                    .collect(Collectors.joining(","));
        }
    }

    /** The decoder and the filter chain declared by the application. */
    @SpringBootConfiguration
    @EnableAutoConfiguration
    @EnableMethodSecurity
    @Import(Documents.class)
    static class DeclaredResourceServer {
        @Bean
        SecurityFilterChain api(HttpSecurity http) throws Exception {
            return http
                    .authorizeHttpRequests(requests -> requests
                            .requestMatchers("/admin/**").hasAuthority("SCOPE_admin")
                            .anyRequest().authenticated())
                    .oauth2ResourceServer(server -> server.jwt(withDefaults()))
                    .sessionManagement(session -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                    .csrf(csrf -> csrf.disable())
                    .build();
        }

        @Bean
        JwtDecoder jwtDecoder() {
            return NimbusJwtDecoder.withPublicKey((RSAPublicKey) KEYS.getPublic()).build();
        }
    }

    /** Nothing declared: Boot's resource-server auto-configuration, from a property naming the public key. */
    @SpringBootConfiguration
    @EnableAutoConfiguration
    @EnableMethodSecurity
    @Import(Documents.class)
    static class ConfiguredResourceServer {
    }

    static String bearer(String scope) {
        return "Bearer " + JwtTokens.signed(KEYS, "alice", scope, Instant.now().plusSeconds(300));
    }

    static HttpResponse<String> send(ConfigurableApplicationContext context, String method, String path,
                                     String authorization) throws Exception {
        int port = ((WebServerApplicationContext) context).getWebServer().getPort();
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .method(method, HttpRequest.BodyPublishers.noBody());
        if (authorization != null) {
            request.header("authorization", authorization);
        }
        return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    static String challenge(HttpResponse<String> response) {
        return response.headers().firstValue("www-authenticate").orElse("");
    }

    /**
     * The challenge to a request without a token: Bearer, with the address of the resource's metadata (RFC 9728),
     * absolute as the request's own URL makes it.
     */
    static void assertBearerChallenge(ConfigurableApplicationContext context, HttpResponse<String> response)
            throws Exception {
        String metadata = "http://127.0.0.1:" + ((WebServerApplicationContext) context).getWebServer().getPort()
                + "/.well-known/oauth-protected-resource";
        assertThat(response.statusCode()).isEqualTo(401);
        assertThat(challenge(response)).isEqualTo("Bearer resource_metadata=\"" + metadata + "\"");
        HttpResponse<String> document = send(context, "GET", "/.well-known/oauth-protected-resource", null);
        assertThat(document.statusCode()).isEqualTo(200);
        assertThat(document.body()).contains("\"resource\"").contains("header");
    }

    @Nested
    @TestInstance(TestInstance.Lifecycle.PER_CLASS)
    class Declared {

        private ConfigurableApplicationContext context;

        @BeforeAll
        void start() {
            context = new SpringApplicationBuilder(DeclaredResourceServer.class)
                    .properties("server.port=0", "logging.level.root=warn").run();
        }

        @AfterAll
        void stop() {
            context.close();
        }

        @Test
        void withoutATokenTheAnswerIs401WithTheBearerChallenge() throws Exception {
            HttpResponse<String> response = send(context, "GET", "/documents", null);
            assertBearerChallenge(context, response);
            assertThat(response.headers().firstValue("set-cookie")).as("stateless: no session").isEmpty();
        }

        @Test
        void aTokenSignedWithAnotherKeyOrExpiredIsAnInvalidToken() throws Exception {
            HttpResponse<String> forged = send(context, "GET", "/documents",
                    "Bearer " + JwtTokens.signed(OTHER_KEYS, "mallory", "read", Instant.now().plusSeconds(300)));
            assertThat(forged.statusCode()).isEqualTo(401);
            assertThat(challenge(forged)).startsWith("Bearer error=\"invalid_token\"");

            HttpResponse<String> expired = send(context, "GET", "/documents",
                    "Bearer " + JwtTokens.signed(KEYS, "alice", "read", Instant.now().minusSeconds(300)));
            assertThat(expired.statusCode()).isEqualTo(401);
            assertThat(challenge(expired)).startsWith("Bearer error=\"invalid_token\"").contains("expired");

            HttpResponse<String> garbage = send(context, "GET", "/documents", "Bearer not.a.jwt");
            assertThat(garbage.statusCode()).isEqualTo(401);
            assertThat(challenge(garbage)).startsWith("Bearer error=\"invalid_token\"");
        }

        @Test
        void aValidTokenReachesTheHandlerWhichSeesItAsItsPrincipal() throws Exception {
            HttpResponse<String> documents = send(context, "GET", "/documents", bearer("read"));
            assertThat(documents.statusCode()).isEqualTo(200);
            assertThat(documents.body()).isEqualTo("documents of alice");

            HttpResponse<String> token = send(context, "GET", "/token", bearer("read write"));
            assertThat(token.statusCode()).isEqualTo(200);
            assertThat(token.body()).isEqualTo("alice " + JwtTokens.ISSUER + " FACTOR_BEARER,SCOPE_read,SCOPE_write");

            HttpResponse<String> claims = send(context, "GET", "/claims", bearer("read write"));
            assertThat(claims.statusCode()).isEqualTo(200);
            assertThat(claims.body()).isEqualTo("alice read write");
        }

        @Test
        void aTokenWithoutTheScopeIsRefusedWithInsufficientScope() throws Exception {
            HttpResponse<String> byMethodSecurity = send(context, "POST", "/documents", bearer("read"));
            assertThat(byMethodSecurity.statusCode()).isEqualTo(403);
            assertThat(challenge(byMethodSecurity)).startsWith("Bearer error=\"insufficient_scope\"");
            assertThat(send(context, "POST", "/documents", bearer("read write")).body())
                    .isEqualTo("written by alice");

            HttpResponse<String> byRule = send(context, "GET", "/admin/users", bearer("read write"));
            assertThat(byRule.statusCode()).isEqualTo(403);
            assertThat(challenge(byRule)).startsWith("Bearer error=\"insufficient_scope\"");
        }
    }

    @Nested
    @TestInstance(TestInstance.Lifecycle.PER_CLASS)
    class ConfiguredByProperty {

        private ConfigurableApplicationContext context;
        private Path publicKey;

        @BeforeAll
        void start() throws Exception {
            publicKey = Files.createTempFile("jwt-public-key", ".pem");
            Files.writeString(publicKey, JwtTokens.publicKeyPem(KEYS));
            context = new SpringApplicationBuilder(ConfiguredResourceServer.class).properties("server.port=0",
                    "logging.level.root=warn",
                    "spring.security.oauth2.resourceserver.jwt.public-key-location=" + publicKey.toUri()).run();
        }

        @AfterAll
        void stop() throws Exception {
            context.close();
            Files.deleteIfExists(publicKey);
        }

        @Test
        void bootsChainChecksTokensWithTheConfiguredKey() throws Exception {
            assertBearerChallenge(context, send(context, "GET", "/documents", null));

            HttpResponse<String> forged = send(context, "GET", "/documents",
                    "Bearer " + JwtTokens.signed(OTHER_KEYS, "mallory", "read", Instant.now().plusSeconds(300)));
            assertThat(forged.statusCode()).isEqualTo(401);
            assertThat(challenge(forged)).startsWith("Bearer error=\"invalid_token\"");

            HttpResponse<String> documents = send(context, "GET", "/documents", bearer("read"));
            assertThat(documents.statusCode()).isEqualTo(200);
            assertThat(documents.body()).isEqualTo("documents of alice");

            HttpResponse<String> refused = send(context, "POST", "/documents", bearer("read"));
            assertThat(refused.statusCode()).isEqualTo(403);
            assertThat(challenge(refused)).startsWith("Bearer error=\"insufficient_scope\"");
        }
    }
}
