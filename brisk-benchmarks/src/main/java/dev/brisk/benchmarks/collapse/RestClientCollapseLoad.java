package dev.brisk.benchmarks.collapse;

import dev.brisk.benchmarks.client.Errors;
import dev.brisk.benchmarks.client.Measurement;
import dev.brisk.collapse.spring.CollapsingRequestInterceptor;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.client.RestClient;

import java.net.http.HttpClient;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * The {@code rest-client} scenario of {@code collapse}: {@code concurrency} threads each call the backend through one
 * Spring {@link RestClient} (the JDK's HttpClient, HTTP/1.1), blocking on one request at a time (a closed loop, as the
 * request threads of a servlet application would), with ({@code --mode on}) and without
 * {@link CollapsingRequestInterceptor}. The backend is the server scenario's: a call holds one of
 * {@code backendSlots} worker threads for {@code backendMs}, and the route itself is never collapsed. Every answer is
 * checked ({@code value-<key>} of the key asked for), else it counts as an error.
 */
final class RestClientCollapseLoad implements AutoCloseable {

    private final CollapseRun run;
    private final String baseUrl;
    private final RestClient client;
    private final KeyChooser keys;
    private final Measurement measurement = new Measurement();
    private final List<Thread> lanes = new ArrayList<>();
    private volatile boolean running = true;

    RestClientCollapseLoad(CollapseRun run, String baseUrl) {
        this.run = run;
        this.baseUrl = baseUrl;
        this.keys = new KeyChooser(run.keys(), run.zipf());
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        RestClient.Builder builder = RestClient.builder().requestFactory(new JdkClientHttpRequestFactory(http));
        if (run.collapse()) {
            builder.requestInterceptor(CollapsingRequestInterceptor.create());
        }
        this.client = builder.build();
    }

    /** The backend of this scenario: the server scenario's slow route, not collapsed on the server. */
    static CollapseRun backend(CollapseRun run) {
        return new CollapseRun(false, true, run.concurrency(), run.warmup(), run.duration(), run.backendMs(),
                run.backendSlots(), run.keys(), run.zipf(), false);
    }

    /** Runs the warm-up and the measured window; {@code backendCalls} reads the backend's call counter. */
    CollapseLoad.Result run(LongSupplier backendCalls) throws InterruptedException {
        for (int i = 0; i < run.concurrency(); i++) {
            Thread lane = new Thread(this::lane, "rest-client-lane-" + i);
            lane.setDaemon(true);
            lanes.add(lane);
            lane.start();
        }
        CollapseLoad.Result result = CollapseLoad.measure(run, measurement, backendCalls);
        running = false;
        for (Thread lane : lanes) {
            lane.join(TimeUnit.SECONDS.toMillis(15));
        }
        return result;
    }

    /** One caller: a request, its answer checked, the next request. */
    private void lane() {
        while (running) {
            String key = keys.next();
            long start = System.nanoTime();
            try {
                String body = client.get().uri(baseUrl + "/item/" + key).retrieve().body(String.class);
                if (("value-" + key).equals(body)) {
                    measurement.ok(System.nanoTime() - start);
                } else {
                    Errors.unexpected(200, body == null ? 0 : body.length());
                    measurement.error();
                }
            } catch (RuntimeException e) {
                Errors.report(e);
                measurement.error();
            }
        }
    }

    @Override
    public void close() {
        running = false;
    }
}
