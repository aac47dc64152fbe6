package dev.brisk.spring.boot.servletapi;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.boot.web.servlet.support.SpringBootServletInitializer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.core.Ordered;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.stereotype.Component;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

import java.io.IOException;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * A Boot application written for a servlet container: a {@code SpringBootServletInitializer}, a servlet {@code Filter}
 * bean and a {@code FilterRegistrationBean}, controllers and advice that take servlet types, a session, and a bean
 * reading {@code #{servletContext.contextPath}}.
 */
@SpringBootConfiguration
@EnableAutoConfiguration(excludeName = { // Spring Security is on this class path for SecuredApplication
        "org.springframework.boot.security.autoconfigure.SecurityAutoConfiguration",
        "org.springframework.boot.security.autoconfigure.UserDetailsServiceAutoConfiguration",
        "org.springframework.boot.security.autoconfigure.actuate.web.servlet.ManagementWebSecurityAutoConfiguration",
        "org.springframework.boot.security.autoconfigure.web.servlet.SecurityFilterAutoConfiguration",
        "org.springframework.boot.security.autoconfigure.web.servlet.ServletWebSecurityAutoConfiguration"})
@Import({ServletApplication.Owners.class, ServletApplication.Advice.class, ServletApplication.ContextPathHolder.class})
class ServletApplication extends SpringBootServletInitializer {

    static final Queue<String> SEEN = new ConcurrentLinkedQueue<>();

    /** A filter bean: Boot maps it to every request, in its order. */
    @Bean
    Filter timingFilter() {
        return new TimingFilter();
    }

    static final class TimingFilter implements Filter, Ordered {
        @Override
        public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
                throws IOException, ServletException {
            SEEN.add("timing " + ((HttpServletRequest) request).getRequestURI());
            chain.doFilter(request, response);
            ((HttpServletResponse) response).setHeader("x-served-by", "filter");
        }

        @Override
        public int getOrder() {
            return 1;
        }
    }

    /** A registration limited to the API, with an init parameter. */
    @Bean
    FilterRegistrationBean<Filter> apiKeyFilter() {
        FilterRegistrationBean<Filter> registration = new FilterRegistrationBean<>((request, response, chain) -> {
            HttpServletRequest http = (HttpServletRequest) request;
            SEEN.add("api-key " + http.getRequestURI());
            if (http.getHeader("x-api-key") == null) {
                ((HttpServletResponse) response).sendError(401, "an API key is needed");
                return;
            }
            chain.doFilter(request, response);
        });
        registration.addUrlPatterns("/api/*");
        registration.setOrder(2);
        return registration;
    }

    /** A Spring MVC interceptor on the API: names the handler method, refuses blocked callers, notes completions. */
    @Bean
    WebMvcConfigurer apiInterceptor() {
        return new WebMvcConfigurer() {
            @Override
            public void addInterceptors(InterceptorRegistry registry) {
                registry.addInterceptor(new HandlerInterceptor() {
                    @Override
                    public boolean preHandle(HttpServletRequest request, HttpServletResponse response,
                                             Object handler) throws IOException {
                        if (request.getHeader("x-blocked") != null) {
                            response.sendError(429, "slow down");
                            return false;
                        }
                        if (handler instanceof HandlerMethod method) {
                            response.setHeader("x-handler", method.getMethod().getName());
                        }
                        return true;
                    }

                    @Override
                    public void afterCompletion(HttpServletRequest request, HttpServletResponse response,
                                                Object handler, Exception ex) {
                        SEEN.add("after " + request.getRequestURI());
                    }
                }).addPathPatterns("/api/**");
            }
        };
    }

    static class OwnerNotFound extends RuntimeException {
        OwnerNotFound(String id) {
            super("owner " + id + " not found");
        }
    }

    @RestController
    static class Owners {
        @GetMapping("/api/owners/{id}")
        String owner(@PathVariable String id, HttpServletRequest request, HttpServletResponse response) {
            if (id.equals("0")) {
                throw new OwnerNotFound(id);
            }
            response.setHeader("x-request-uri", request.getRequestURI());
            return "owner " + id;
        }

        @GetMapping("${clinic.greeting-path:/greeting}")
        String greeting() {
            return "hi";
        }

        @GetMapping("/greeting-path")
        String greetingPath(@Value("${clinic.greeting-path:/greeting}") String path,
                            @Value("#{2 * 21}") int answer) {
            return path + " " + answer;
        }

        @GetMapping("/visits")
        String visits(HttpSession session) {
            Integer count = (Integer) session.getAttribute("count");
            session.setAttribute("count", count == null ? 1 : count + 1);
            return "visit " + session.getAttribute("count");
        }

        @GetMapping("/export")
        void export(HttpServletResponse response) throws IOException {
            response.setContentType("text/csv");
            response.getWriter().write("id\n1\n");
        }
    }

    @RestControllerAdvice
    static class Advice {
        @ExceptionHandler(OwnerNotFound.class)
        ProblemDetail notFound(OwnerNotFound e, HttpServletRequest request) {
            ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.NOT_FOUND, e.getMessage());
            problem.setProperty("uri", request.getRequestURI());
            return problem;
        }
    }

    @Component
    static class ContextPathHolder {
        @Value("#{servletContext.contextPath}")
        String contextPath;
    }
}
