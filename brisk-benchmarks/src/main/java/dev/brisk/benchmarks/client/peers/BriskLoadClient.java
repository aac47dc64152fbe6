package dev.brisk.benchmarks.client.peers;

import dev.brisk.benchmarks.client.Errors;
import dev.brisk.benchmarks.client.LoadClient;
import dev.brisk.benchmarks.client.LoadOptions;
import dev.brisk.client.BriskClient;
import dev.brisk.client.ProtocolPolicy;
import dev.brisk.client.RequestBuilder;
import dev.brisk.transport.TlsOptions;
import io.netty.handler.codec.http.HttpMethod;

import java.net.URI;

/**
 * {@code client brisk}: Brisk's own client with its defaults, sized for the run: {@code maxConnectionsPerHost} =
 * concurrency, {@code maxPendingAcquires} large enough that nothing is refused, {@code ioThreads} from the options;
 * HTTP/1.1, h2c by prior knowledge with {@code --h2}, or HTTP/3 with {@code --http3}.
 */
final class BriskLoadClient implements LoadClient {

    private final LoadOptions options;
    private final byte[] body;
    private final BriskClient client;
    /** Parsed once, as the other adapters build their target once (OkHttp's and the JDK's requests, Vert.x's options). */
    private final URI target;

    BriskLoadClient(LoadOptions options) {
        this.options = options;
        this.body = options.body();
        BriskClient.Builder builder = BriskClient.builder()
                .options(o -> o.ioThreads(options.ioThreads())
                .maxConnectionsPerHost(options.concurrency())
                .maxPendingAcquires(options.maxPending())
                .protocol(options.http3() ? ProtocolPolicy.H3
                        : options.h2() ? ProtocolPolicy.H2C_PRIOR_KNOWLEDGE : ProtocolPolicy.HTTP_1_1));
        if (options.http3()) {
            builder.tls(TlsOptions.insecure()); // benchmark servers run on self-signed certificates
        }
        this.client = builder.build();
        this.target = URI.create(options.url());
    }

    @Override
    public void send(RequestDone done) {
        RequestBuilder request = options.post()
                ? client.request(HttpMethod.POST, target).contentType(LoadOptions.OCTET_STREAM).body(body)
                : client.request(HttpMethod.GET, target);
        request.execute().whenComplete((response, failure) -> {
            if (failure != null) {
                Errors.report(failure);
                done.complete(false);
            } else {
                done.complete(options.check(response.status(), response.bodyAsBytes().length));
            }
        });
    }

    @Override
    public void close() {
        client.close();
    }
}
