package dev.brisk.spring.boot.servletapi;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.http.ResponseEntity;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.security.config.annotation.method.configuration.EnableMethodSecurity;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.web.bind.annotation.CrossOrigin;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

import java.security.Principal;

import static org.springframework.security.config.Customizer.withDefaults;

/**
 * An application secured as Spring Boot REST services commonly are, switched by a property of its own
 * ({@code clinic.security.enable}, as spring-petclinic-rest does): stateless HTTP Basic, users in memory, method
 * security with {@code @PreAuthorize}, CORS through Security with the controllers' {@code @CrossOrigin}; or, switched
 * off, a chain that permits everything.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
@Import({SecuredApplication.Owners.class, SecuredApplication.BasicSecurity.class, SecuredApplication.NoSecurity.class})
class SecuredApplication {

    @RestController
    @CrossOrigin(origins = "https://clinic.example.com", exposedHeaders = "x-total")
    static class Owners {
        @GetMapping("/api/owners")
        ResponseEntity<String> owners() {
            return ResponseEntity.ok().header("x-total", "2").body("[\"Leo\",\"Basil\"]");
        }

        @DeleteMapping("/api/owners/{id}")
        @PreAuthorize("hasRole('ADMIN')")
        ResponseEntity<Void> delete(@PathVariable int id) {
            return ResponseEntity.noContent().build();
        }

        @GetMapping("/api/me")
        String me(Principal principal) {
            return principal == null ? "anonymous" : principal.getName();
        }

        @GetMapping("/public/hello")
        String hello() {
            return "hello";
        }
    }

    @Configuration(proxyBeanMethods = false)
    @EnableMethodSecurity
    @ConditionalOnProperty(name = "clinic.security.enable", havingValue = "true")
    static class BasicSecurity {
        @Bean
        SecurityFilterChain api(HttpSecurity http) throws Exception {
            return http
                    .authorizeHttpRequests(requests -> requests
                            .requestMatchers("/public/**").permitAll()
                            .anyRequest().authenticated())
                    .httpBasic(withDefaults())
                    .cors(withDefaults())
                    .csrf(csrf -> csrf.disable())
                    .sessionManagement(session -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                    .build();
        }

        @Bean
        UserDetailsService users() {
            return new InMemoryUserDetailsManager(
                    User.withUsername("admin").password("{noop}admin").roles("ADMIN").build(),
                    User.withUsername("vet").password("{noop}vet").roles("VET").build());
        }
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnProperty(name = "clinic.security.enable", havingValue = "false", matchIfMissing = true)
    static class NoSecurity {
        @Bean
        SecurityFilterChain open(HttpSecurity http) throws Exception {
            return http.authorizeHttpRequests(requests -> requests.anyRequest().permitAll())
                    .csrf(csrf -> csrf.disable())
                    .build();
        }
    }
}
