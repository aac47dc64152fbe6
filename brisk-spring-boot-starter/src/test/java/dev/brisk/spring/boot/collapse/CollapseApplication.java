package dev.brisk.spring.boot.collapse;

import dev.brisk.collapse.rest.Collapse;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/** An application with slow GET handlers: one annotated with {@code @Collapse}, one that is not. */
@SpringBootConfiguration
@EnableAutoConfiguration
@Import(CollapseApplication.Quotes.class)
class CollapseApplication {

    @Bean
    Gate gate() {
        return new Gate();
    }

    /** Holds every handler run until the test opens it, and counts the runs. */
    static final class Gate {
        final AtomicInteger invocations = new AtomicInteger();
        final CountDownLatch open = new CountDownLatch(1);

        String pass(String answer) throws InterruptedException {
            int run = invocations.incrementAndGet();
            if (!open.await(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the gate was never opened");
            }
            return answer + " #" + run;
        }
    }

    @RestController
    static class Quotes {
        private final Gate gate;

        Quotes(Gate gate) {
            this.gate = gate;
        }

        @Collapse
        @GetMapping("/quotes/{symbol}")
        public String quote(@PathVariable String symbol) throws InterruptedException {
            return gate.pass("quote " + symbol);
        }

        /** Not annotated: collapsed only when brisk.collapse.routes lists it. */
        @GetMapping("/listed/{symbol}")
        public String listed(@PathVariable String symbol) throws InterruptedException {
            return gate.pass("listed " + symbol);
        }
    }
}
