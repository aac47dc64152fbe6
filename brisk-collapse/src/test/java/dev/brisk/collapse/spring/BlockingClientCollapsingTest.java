package dev.brisk.collapse.spring;

import dev.brisk.collapse.CollapseStats;
import org.springframework.web.client.HttpServerErrorException;
import org.springframework.web.client.ResourceAccessException;

/** The blocking clients, {@code RestClient} and {@code RestTemplate}, with a {@link CollapsingRequestInterceptor}. */
abstract class BlockingClientCollapsingTest extends SpringClientCollapsingTest {

    CollapsingRequestInterceptor collapsing;

    @Override
    CollapseStats stats() {
        return collapsing.stats();
    }

    @Override
    Class<? extends Throwable> connectionFailure() {
        return ResourceAccessException.class;
    }

    @Override
    Class<? extends Throwable> serviceUnavailable() {
        return HttpServerErrorException.ServiceUnavailable.class;
    }
}
