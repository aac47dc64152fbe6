package dev.brisk.spring.boot.servlet;

import dev.brisk.rest.Filter;
import dev.brisk.rest.HandlerInterceptor;
import dev.brisk.rest.RequestContext;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.web.ErrorResponse;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.bind.annotation.RestControllerAdvice;

import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * An application shaped like a typical Spring MVC REST service: controllers under {@code /api}, a catch-all
 * {@code @RestControllerAdvice} answering every exception as a {@link ProblemDetail}, static resources mounted at
 * {@code /} (from {@code classpath:/clinic/static/}), a filter and an interceptor that note what they see; run under a
 * context path.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
@Import({ClinicApplication.Owners.class, ClinicApplication.CatchAll.class})
class ClinicApplication {

    /** The request paths the application's filter, interceptor and advice saw, in that order of arrival. */
    static final Queue<String> SEEN = new ConcurrentLinkedQueue<>();

    @Bean
    Filter seeingFilter() {
        return (ctx, chain) -> {
            SEEN.add("filter " + ctx.request().path());
            chain.proceed(ctx);
        };
    }

    @Bean
    HandlerInterceptor seeingInterceptor() {
        return new HandlerInterceptor() {
            @Override
            public boolean preHandle(RequestContext ctx) {
                SEEN.add("interceptor " + ctx.request().path());
                return true;
            }
        };
    }

    @RestController
    @RequestMapping("/api/owners")
    static class Owners {

        @GetMapping
        public List<Map<String, Object>> owners() {
            return List.of(Map.of("id", 1, "lastName", "Franklin"));
        }

        @GetMapping("/{id}")
        public Map<String, Object> owner(@PathVariable int id) {
            if (id != 1) {
                throw new IllegalStateException("owner " + id + " is broken");
            }
            return Map.of("id", 1, "lastName", "Franklin");
        }
    }

    /** Every exception as a problem: an {@link ErrorResponse}'s own status, else 500. */
    @RestControllerAdvice
    static class CatchAll {

        @ExceptionHandler(Exception.class)
        public ProblemDetail any(Exception e) {
            SEEN.add("advice " + e.getClass().getSimpleName());
            HttpStatusCode status = e instanceof ErrorResponse response ? response.getStatusCode()
                    : HttpStatus.INTERNAL_SERVER_ERROR;
            ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, e.getMessage());
            problem.setProperty("exception", e.getClass().getSimpleName());
            return problem;
        }
    }
}
