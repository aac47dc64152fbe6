package dev.brisk.benchmarks.client.peers;

import dev.brisk.benchmarks.client.Errors;
import dev.brisk.benchmarks.client.LoadClient;
import dev.brisk.benchmarks.client.LoadOptions;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.HttpHeaderNames;
import reactor.core.publisher.Mono;
import reactor.netty.http.HttpProtocol;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;
import reactor.netty.resources.LoopResources;

import java.net.URI;
import java.time.Duration;

/**
 * {@code client reactor-netty}: Reactor Netty's {@code HttpClient} on a {@link ConnectionProvider} with
 * {@code maxConnections} = concurrency and an unbounded acquire queue, on its own {@link LoopResources} with
 * {@code ioThreads} event loops. HTTP/1.1, or h2c by prior knowledge ({@code HttpProtocol.H2C}) with {@code --h2}.
 */
final class ReactorNettyLoadClient implements LoadClient {

    /** The request target, parsed once. */
    private final URI target;

    private static final byte[] EMPTY = new byte[0];

    private final LoadOptions options;
    private final byte[] body;
    private final ConnectionProvider provider;
    private final LoopResources loops;
    private final HttpClient client;

    ReactorNettyLoadClient(LoadOptions options) {
        this.target = URI.create(options.url());
        this.options = options;
        this.body = options.body();
        this.provider = ConnectionProvider.builder("brisk-bench")
                .maxConnections(options.concurrency())
                .pendingAcquireMaxCount(-1)
                .pendingAcquireTimeout(Duration.ofSeconds(30))
                .build();
        this.loops = LoopResources.create("brisk-bench", options.ioThreads(), true);
        this.client = HttpClient.create(provider)
                .runOn(loops)
                .protocol(options.h2() ? HttpProtocol.H2C : HttpProtocol.HTTP11)
                .headers(headers -> {
                    if (options.post()) {
                        headers.set(HttpHeaderNames.CONTENT_TYPE, LoadOptions.OCTET_STREAM);
                    }
                });
    }

    @Override
    public void send(RequestDone done) {
        HttpClient.ResponseReceiver<?> request = options.post()
                ? client.post().uri(target).send(Mono.fromSupplier(() -> Unpooled.wrappedBuffer(body)))
                : client.get().uri(target);
        request.responseSingle((response, content) -> content.asByteArray()
                        .defaultIfEmpty(EMPTY)
                        .map(bytes -> options.check(response.status().code(), bytes.length)))
                .subscribe(done::complete, failure -> {
                    Errors.report(failure);
                    done.complete(false);
                });
    }

    @Override
    public void close() {
        provider.disposeLater().block(Duration.ofSeconds(5));
        loops.disposeLater().block(Duration.ofSeconds(5));
    }
}
