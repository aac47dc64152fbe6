package dev.brisk.spring.boot.servletapi;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.servlet.support.SpringBootServletInitializer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.web.ErrorResponse;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseBody;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.util.UriComponentsBuilder;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicInteger;

import static org.springframework.security.config.Customizer.withDefaults;

/**
 * An application with spring-petclinic-rest's traits: a controller implementing an interface that carries all the
 * Spring annotations (as openapi-generator's {@code interfaceOnly} output does; the class repeats none), a
 * {@code @ControllerAdvice} whose handlers take the {@code HttpServletRequest} and return {@code ProblemDetail}s,
 * a {@code SpringBootServletInitializer}, springdoc's API document and swagger-ui, and Spring Security switched by
 * {@code clinic.security.enable} (HTTP Basic when true, open otherwise).
 */
@SpringBootConfiguration(proxyBeanMethods = false)
@EnableAutoConfiguration
@Import({PetClinicApplication.OwnerController.class, PetClinicApplication.ExceptionControllerAdvice.class,
        PetClinicApplication.BasicAuthentication.class, PetClinicApplication.NoSecurity.class})
public class PetClinicApplication extends SpringBootServletInitializer {

    @Override
    protected SpringApplicationBuilder configure(SpringApplicationBuilder application) {
        return application.sources(PetClinicApplication.class);
    }

    /** An owner as the API shows it. */
    public record Owner(int id, String name, String city, String telephone) {
    }

    /** What a client sends to add an owner. */
    public record OwnerFields(@NotBlank String name, @NotBlank String city,
                              @Pattern(regexp = "\\d{10}", message = "must be 10 digits") String telephone) {
    }

    /** Thrown for an owner that does not exist. */
    static class OwnerNotFound extends RuntimeException {
        OwnerNotFound(int id) {
            super("no owner " + id);
        }
    }

    /** The owners API as openapi-generator writes it with interfaceOnly: every Spring annotation is here. */
    @Tag(name = "owner", description = "the owners of the pets")
    @RequestMapping("${clinic.api.base-path:/api}")
    public interface OwnersApi {

        @Operation(operationId = "listOwners", summary = "Lists owners, optionally by city")
        @RequestMapping(method = RequestMethod.GET, value = "/owners", produces = "application/json")
        ResponseEntity<List<Owner>> listOwners(@RequestParam(value = "city", required = false) String city);

        @Operation(operationId = "getOwner", summary = "Gets an owner by id")
        @GetMapping(value = "/owners/{ownerId}", produces = "application/json")
        ResponseEntity<Owner> getOwner(@PathVariable("ownerId") Integer ownerId);

        @Operation(operationId = "addOwner", summary = "Adds an owner")
        @PostMapping(value = "/owners", produces = "application/json", consumes = "application/json")
        ResponseEntity<Owner> addOwner(@Valid @RequestBody OwnerFields ownerFields);
    }

    /** The implementation: a plain class that repeats none of the interface's annotations. */
    @RestController
    static class OwnerController implements OwnersApi {

        private final AtomicInteger ids = new AtomicInteger(2);
        private final Map<Integer, Owner> owners = new ConcurrentSkipListMap<>(Map.of(
                1, new Owner(1, "George Franklin", "Madison", "6085551023"),
                2, new Owner(2, "Betty Davis", "Sun Prairie", "6085551749")));

        @Override
        public ResponseEntity<List<Owner>> listOwners(String city) {
            return ResponseEntity.ok(owners.values().stream()
                    .filter(owner -> city == null || owner.city().equals(city)).toList());
        }

        @Override
        public ResponseEntity<Owner> getOwner(Integer ownerId) {
            Owner owner = owners.get(ownerId);
            if (owner == null) {
                throw new OwnerNotFound(ownerId);
            }
            return ResponseEntity.ok(owner);
        }

        @Override
        public ResponseEntity<Owner> addOwner(OwnerFields fields) {
            Owner owner = new Owner(ids.incrementAndGet(), fields.name(), fields.city(), fields.telephone());
            owners.put(owner.id(), owner);
            URI location = UriComponentsBuilder.fromPath("/api/owners/{id}").buildAndExpand(owner.id()).toUri();
            return ResponseEntity.created(location).body(owner);
        }
    }

    /** As petclinic's ExceptionControllerAdvice: problems for validation failures, missing owners and the rest. */
    @ControllerAdvice
    static class ExceptionControllerAdvice {

        @ExceptionHandler(MethodArgumentNotValidException.class)
        @ResponseBody
        ResponseEntity<ProblemDetail> invalid(MethodArgumentNotValidException e, HttpServletRequest request) {
            ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, "invalid owner");
            problem.setTitle("MethodArgumentNotValidException");
            problem.setInstance(URI.create(request.getRequestURI()));
            Map<String, String> errors = new ConcurrentHashMap<>();
            e.getBindingResult().getFieldErrors().forEach(error -> errors.put(error.getField(),
                    String.valueOf(error.getDefaultMessage())));
            problem.setProperty("errors", errors);
            return ResponseEntity.badRequest().body(problem);
        }

        @ExceptionHandler(OwnerNotFound.class)
        @ResponseBody
        ResponseEntity<ProblemDetail> notFound(OwnerNotFound e, HttpServletRequest request) {
            ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.NOT_FOUND, e.getMessage());
            problem.setInstance(URI.create(request.getRequestURI()));
            return ResponseEntity.status(HttpStatus.NOT_FOUND).body(problem);
        }

        @ExceptionHandler(Exception.class)
        @ResponseBody
        ResponseEntity<ProblemDetail> other(Exception e, HttpServletRequest request) {
            HttpStatusCode status = e instanceof ErrorResponse response ? response.getStatusCode()
                    : HttpStatus.INTERNAL_SERVER_ERROR;
            ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, e.getMessage());
            problem.setTitle(e.getClass().getSimpleName());
            problem.setInstance(URI.create(request.getRequestURI()));
            return ResponseEntity.status(status).body(problem);
        }
    }

    /** HTTP Basic for every request, stateless, as petclinic's BasicAuthenticationConfig with security enabled. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnProperty(name = "clinic.security.enable", havingValue = "true")
    static class BasicAuthentication {

        @Bean
        SecurityFilterChain basic(HttpSecurity http) throws Exception {
            return http.authorizeHttpRequests(requests -> requests.anyRequest().authenticated())
                    .httpBasic(withDefaults())
                    .csrf(csrf -> csrf.disable())
                    .sessionManagement(session -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                    .build();
        }

        @Bean
        UserDetailsService users() {
            return new InMemoryUserDetailsManager(
                    User.withUsername("admin").password("{noop}admin").roles("OWNER_ADMIN").build());
        }
    }

    /** Everything open, as petclinic's DisableSecurityConfig. */
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
