package dev.brisk.benchmarks.serve.servletfilters;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.AbstractHttpConfigurer;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.core.userdetails.UsernameNotFoundException;
import org.springframework.security.web.SecurityFilterChain;

import static org.springframework.security.config.Customizer.withDefaults;

/**
 * Spring Security in front of the benchmark controller, as a stateless REST service commonly sets it up: HTTP Basic,
 * every request authenticated, no CSRF, no session, one user in memory ({@value #USER}:{@value #PASSWORD}, a
 * {@code {noop}} password so that the cost measured is Security's filter chain, not a password hash).
 * <p>
 * The user comes from a plain {@link UserDetailsService}, not an {@code InMemoryUserDetailsManager}: that one is also
 * a {@code UserDetailsPasswordService}, so Security would upgrade the {@code {noop}} password to BCrypt at the first
 * login, and every later request would pay a BCrypt check (some 50 ms of CPU).
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
        UserDetails user = User.withUsername(USER).password("{noop}" + PASSWORD).roles("USER").build();
        return username -> {
            if (!USER.equals(username)) {
                throw new UsernameNotFoundException(username);
            }
            return User.withUserDetails(user).build(); // a copy: Security erases the credentials of the one it gets
        };
    }
}
