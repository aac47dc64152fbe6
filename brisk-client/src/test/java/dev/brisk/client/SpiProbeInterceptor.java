package dev.brisk.client;

import java.util.concurrent.CompletionStage;

/** Registered through META-INF/services: marks every request, to show ServiceLoader interceptors run. */
public final class SpiProbeInterceptor implements Interceptor {

    @Override
    public CompletionStage<HttpResponse> intercept(Chain chain) {
        return chain.proceed(chain.request().withHeader("X-Spi", "loaded"));
    }

    @Override
    public int order() {
        return 100;
    }
}
