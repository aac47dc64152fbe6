package dev.brisk.benchmarks.serve;

import dev.brisk.transport.SelfSignedCertificate;
import io.netty.buffer.ByteBuf;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.NettyOutbound;
import reactor.netty.http.Http2SslContextSpec;
import reactor.netty.http.Http3SslContextSpec;
import reactor.netty.http.HttpProtocol;
import reactor.netty.http.server.HttpServer;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;
import reactor.netty.http.server.HttpServerRoutes;
import reactor.netty.resources.LoopResources;

import java.time.Duration;

/**
 * {@code serve reactor-netty --tls [--http3]}: {@code GET /hello} and {@code POST /echo} on Reactor Netty's
 * {@code HttpServer}, as its documentation shows: h2 (and HTTP/1.1) over TLS on the TCP port and, with
 * {@code --http3}, HTTP/3 on the UDP port of the same number, both on one set of {@code ioThreads} event loops and a
 * self-signed certificate. The QUIC settings are those of brisk-http's defaults (128 streams, 4 MiB per connection,
 * 1 MiB per stream), so that the two servers grant clients the same windows.
 */
final class ReactorNettyServer implements ServerImpl {

    private static final long CONNECTION_WINDOW = 4L * 1024 * 1024;
    private static final long STREAM_WINDOW = 1024 * 1024;
    private static final long MAX_STREAMS = 128;

    @Override
    public int start(ServeOptions options) {
        if (!options.tls()) {
            throw new IllegalArgumentException("reactor-netty is benchmarked over TLS only (--tls, and --http3)");
        }
        SelfSignedCertificate certificate = SelfSignedCertificate.create("localhost");
        LoopResources loops = LoopResources.create("reactor-netty", 1, options.ioThreads(), true);
        DisposableServer tcp = HttpServer.create()
                .runOn(loops)
                .port(options.port())
                .protocol(HttpProtocol.H2, HttpProtocol.HTTP11)
                .secure(spec -> spec.sslContext(Http2SslContextSpec.forServer(certificate.privateKey(),
                        certificate.certificate())))
                .route(ReactorNettyServer::routes)
                .bindNow();
        if (options.http3()) {
            HttpServer.create()
                    .runOn(loops)
                    .port(tcp.port())
                    .protocol(HttpProtocol.HTTP3)
                    .secure(spec -> spec.sslContext(Http3SslContextSpec.forServer(certificate.privateKey(), null,
                            certificate.certificate())))
                    .http3Settings(spec -> spec.idleTimeout(Duration.ofSeconds(60))
                            .maxData(CONNECTION_WINDOW)
                            .maxStreamDataBidirectionalLocal(STREAM_WINDOW)
                            .maxStreamDataBidirectionalRemote(STREAM_WINDOW)
                            .maxStreamsBidirectional(MAX_STREAMS))
                    .route(ReactorNettyServer::routes)
                    .bindNow();
        }
        return tcp.port();
    }

    private static void routes(HttpServerRoutes routes) {
        routes.get("/hello", ReactorNettyServer::hello).post("/echo", ReactorNettyServer::echo);
    }

    private static NettyOutbound hello(HttpServerRequest request, HttpServerResponse response) {
        return response.header("content-type", Endpoints.TEXT_PLAIN)
                .header("content-length", Integer.toString(Endpoints.HELLO.length))
                .sendByteArray(Mono.just(Endpoints.HELLO));
    }

    private static NettyOutbound echo(HttpServerRequest request, HttpServerResponse response) {
        String type = request.requestHeaders().get("content-type");
        Mono<ByteBuf> body = request.receive().aggregate().retain()
                .doOnNext(whole -> response.header("content-length", Integer.toString(whole.readableBytes())));
        return response.header("content-type", type == null ? Endpoints.OCTET_STREAM : type).send(body);
    }
}
