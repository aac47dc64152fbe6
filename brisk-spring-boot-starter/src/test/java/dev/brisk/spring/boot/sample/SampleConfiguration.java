package dev.brisk.spring.boot.sample;

import dev.brisk.rest.ExceptionHandler;
import dev.brisk.rest.Filter;
import dev.brisk.rest.HandlerInterceptor;
import dev.brisk.rest.RequestContext;
import dev.brisk.rest.Route;
import dev.brisk.spring.boot.BriskScheduler;
import dev.brisk.spring.boot.BriskServerCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/** Brisk extension points as beans: a filter, an interceptor, an exception handler, a scheduler, routes. */
@Configuration(proxyBeanMethods = false)
public class SampleConfiguration {

    /** Counts the requests the interceptor saw. */
    public static final class Counter extends AtomicInteger {
    }

    @Bean
    Counter interceptedRequests() {
        return new Counter();
    }

    @Bean
    Filter sampleHeaderFilter() {
        return (ctx, chain) -> {
            ctx.response().header("x-sample", "filtered");
            chain.proceed(ctx);
        };
    }

    @Bean
    HandlerInterceptor countingInterceptor(Counter counter) {
        return new HandlerInterceptor() {
            @Override
            public boolean preHandle(RequestContext ctx) {
                counter.incrementAndGet();
                return true;
            }
        };
    }

    @Bean
    ExceptionHandler<IllegalStateException> illegalState() {
        return (ctx, e) -> ctx.status(409).send("conflict: " + e.getMessage());
    }

    @Bean(destroyMethod = "shutdown")
    ExecutorService sampleExecutor() {
        return Executors.newFixedThreadPool(2, r -> new Thread(r, "sample-worker"));
    }

    @Bean
    BriskScheduler sampleScheduler(ExecutorService sampleExecutor) {
        return new BriskScheduler("sample", sampleExecutor);
    }

    @Bean
    Route pingRoute() {
        return Route.get("/ping").handler(ctx -> ctx.send("pong"));
    }

    @Bean
    BriskServerCustomizer fastPath() {
        return server -> server.get("/fast", ctx -> ctx.send("fast"));
    }
}
