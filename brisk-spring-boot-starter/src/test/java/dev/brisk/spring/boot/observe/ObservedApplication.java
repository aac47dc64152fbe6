package dev.brisk.spring.boot.observe;

import dev.brisk.rest.observe.HealthCheck;
import dev.brisk.rest.observe.HealthResult;
import dev.brisk.transport.TraceContext;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import java.util.concurrent.atomic.AtomicBoolean;

/** A controller that reports the trace it serves, and a readiness check the test switches. */
@SpringBootConfiguration
@EnableAutoConfiguration
@Import(ObservedApplication.TraceController.class)
class ObservedApplication {

    static final AtomicBoolean DATABASE_UP = new AtomicBoolean(true);

    @Bean
    HealthCheck database() {
        return () -> HealthResult.of(DATABASE_UP.get());
    }

    @RestController
    static class TraceController {
        @GetMapping("/trace")
        String trace() {
            return TraceContext.current().map(TraceContext::traceparent).orElse("none");
        }
    }
}
