package dev.brisk.benchmarks.serve.servletfilters;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.AbstractHttpConfigurer;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;
import org.springframework.security.web.SecurityFilterChain;

import static org.springframework.security.config.Customizer.withDefaults;

/**
 * Spring Security in front of the benchmark controller, as a stateless REST service commonly sets it up: HTTP Basic,
 * every request authenticated, no CSRF, no session, one user in memory ({@value #USER}:{@value #PASSWORD}, a
 * {@code {noop}} password so that the cost measured is Security's filter chain, not a password hash).
 */
@Configuration(proxyBeanMethods = false)
public class BasicSecurityConfiguration {

    /** The one user's name. */
    public static final String USER = "bench";

    /** The one user's password. */
    public static final String PASSWORD = "bench";

    @Bean
    SecurityFilterChain basicAuthentication(HttpSecurity http) throws Exception {
        return http
                .authorizeHttpRequests(requests -> requests.anyRequest().authenticated())
                .httpBasic(withDefaults())
                .csrf(AbstractHttpConfigurer::disable)
                .sessionManagement(session -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                .build();
    }

    @Bean
    UserDetailsService users() {
        return new InMemoryUserDetailsManager(
                User.withUsername(USER).password("{noop}" + PASSWORD).roles("USER").build());
    }
}
