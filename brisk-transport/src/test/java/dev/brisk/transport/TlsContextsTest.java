package dev.brisk.transport;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Server and client contexts from one {@link TlsOptions} type, shaking hands over real sockets. */
class TlsContextsTest {

    private static final SelfSignedCertificate SERVER = SelfSignedCertificate.create("localhost");
    private static final SelfSignedCertificate CLIENT = SelfSignedCertificate.create("client.test");
    private static EventLoopGroup group;

    @BeforeAll
    static void loops() {
        group = Transports.newGroup(Transport.AUTO, 1, "tls-test", true);
    }

    @AfterAll
    static void stop() throws InterruptedException {
        group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS).sync();
    }

    @Test
    void aClientTrustingTheServerCertificateNegotiatesAlpn() throws Exception {
        SslContext server = TlsContexts.forServer(TlsOptions.of(SERVER.privateKey(), SERVER.certificate()),
                List.of("h2", "http/1.1"), List.of());
        SslContext client = TlsContexts.forClient(TlsOptions.builder().trustCertificates(SERVER.certificate()).build(),
                List.of("http/1.1"), List.of());
        assertThat(handshake(server, client, "localhost")).isEqualTo("http/1.1");
    }

    @Test
    void theHostNameIsVerifiedUnlessEverythingIsTrusted() throws Exception {
        SslContext server = TlsContexts.forServer(TlsOptions.of(SERVER.privateKey(), SERVER.certificate()),
                List.of(), List.of());
        SslContext verifying = TlsContexts.forClient(TlsOptions.builder().trustCertificates(SERVER.certificate())
                .build(), List.of(), List.of());
        assertThat(handshake(server, verifying, "other.example")).startsWith("failed");
        SslContext trusting = TlsContexts.forClient(TlsOptions.insecure(), List.of(), List.of());
        assertThat(handshake(server, trusting, "other.example")).isEqualTo("ok");
    }

    @Test
    void anUntrustedServerIsRefused() throws Exception {
        SslContext server = TlsContexts.forServer(TlsOptions.of(SERVER.privateKey(), SERVER.certificate()),
                List.of(), List.of());
        SslContext client = TlsContexts.forClient(TlsOptions.DEFAULT, List.of(), List.of());
        assertThat(handshake(server, client, "localhost")).startsWith("failed");
    }

    @Test
    void aServerRequiringClientCertificatesAcceptsOnlyTrustedOnes() throws Exception {
        SslContext server = TlsContexts.forServer(TlsOptions.builder().identity(SERVER.privateKey(),
                        SERVER.certificate()).trustCertificates(CLIENT.certificate())
                .clientAuth(TlsOptions.ClientAuth.REQUIRE).protocols("TLSv1.3").build(), List.of(), List.of());
        TlsOptions trustServer = TlsOptions.builder().trustCertificates(SERVER.certificate()).build();
        SslContext withCertificate = TlsContexts.forClient(trustServer.toBuilder()
                .identity(CLIENT.privateKey(), CLIENT.certificate()).build(), List.of(), List.of());
        assertThat(handshake(server, withCertificate, "localhost")).isEqualTo("ok");
        SslContext without = TlsContexts.forClient(trustServer, List.of(), List.of());
        // with TLS 1.3 the client learns of the refusal only after its handshake is done: the server closes (however
        // long a busy machine takes to get there)
        assertThat(handshake(server, without, "localhost", 8_000)).matches("failed.*|closed");
    }

    @Test
    void identitiesLoadFromPemAndKeyStoreFiles(@TempDir Path dir) throws Exception {
        SelfSignedCertificate.PemFiles pem = SERVER.writePem(dir);
        Path p12 = SERVER.writePkcs12(dir.resolve("server.p12"), "secret".toCharArray());
        SslContext client = TlsContexts.forClient(TlsOptions.builder().trustCertificates(SERVER.certificate()).build(),
                List.of(), List.of());
        for (TlsOptions options : List.of(TlsOptions.pem(pem.certificate(), pem.privateKey()),
                TlsOptions.pkcs12(p12, "secret".toCharArray()),
                TlsOptions.pem(pem.certificate(), pem.privateKey()).toBuilder().provider(TlsOptions.Provider.JDK)
                        .build())) {
            assertThat(handshake(TlsContexts.forServer(options, List.of(), List.of()), client, "localhost"))
                    .as(options.toString()).isEqualTo("ok");
        }
    }

    @Test
    void badSettingsFailWithOneErrorTypeNamingTheProblem(@TempDir Path dir) throws Exception {
        assertThatThrownBy(() -> TlsContexts.forServer(TlsOptions.DEFAULT, List.of(), List.of()))
                .isInstanceOf(TlsConfigurationException.class).hasMessageContaining("needs a key and certificate");
        assertThatThrownBy(() -> TlsOptions.pem(dir.resolve("missing.pem"), dir.resolve("key.pem")))
                .isInstanceOf(TlsConfigurationException.class).hasMessageContaining("missing.pem");
        Path garbage = Files.writeString(dir.resolve("garbage.p12"), "not a key store");
        assertThatThrownBy(() -> TlsOptions.pkcs12(garbage, "x".toCharArray()))
                .isInstanceOf(TlsConfigurationException.class).hasMessageContaining("garbage.p12");
        Path notPem = Files.writeString(dir.resolve("cert.pem"), "nonsense");
        assertThatThrownBy(() -> TlsContexts.forServer(TlsOptions.pem(notPem, notPem), List.of(), List.of()))
                .isInstanceOf(TlsConfigurationException.class).hasMessageContaining("cert.pem");
        assertThatThrownBy(() -> TlsOptions.builder().protocols("TLSv0.9").build())
                .isInstanceOf(TlsConfigurationException.class).hasMessageContaining("TLSv0.9");
        assertThatThrownBy(() -> TlsContexts.forClient(TlsOptions.builder().ciphers("TLS_NO_SUCH_CIPHER").build(),
                List.of(), List.of())).isInstanceOf(TlsConfigurationException.class)
                .hasMessageContaining("TLS_NO_SUCH_CIPHER");
        assertThatThrownBy(() -> TlsOptions.builder().trustAll().trustCertificates(SERVER.certificate()).build())
                .isInstanceOf(TlsConfigurationException.class).hasMessageContaining("trustAll");
        assertThatThrownBy(() -> TlsOptions.builder().identity(SERVER.privateKey(), SERVER.certificate())
                .keyStore(SERVER.keyStore("x".toCharArray()), "x".toCharArray()).build())
                .isInstanceOf(TlsConfigurationException.class).hasMessageContaining("more than one identity");
        if (!TlsContexts.openSslAvailable()) {
            assertThatThrownBy(() -> TlsContexts.forServer(TlsOptions.selfSigned().toBuilder()
                    .provider(TlsOptions.Provider.OPENSSL).build(), List.of(), List.of()))
                    .isInstanceOf(TlsConfigurationException.class).hasMessageContaining("OpenSSL");
        }
    }

    /** "ok", the negotiated ALPN protocol, "failed: <cause>" or "closed", as the client sees its handshake. */
    private static String handshake(SslContext server, SslContext client, String hostName) throws Exception {
        return handshake(server, client, hostName, 200);
    }

    /**
     * Connects {@code client} to {@code server}: "ok" (or the ALPN protocol) when the handshake succeeded and the
     * connection is still open {@code settleMillis} later, else how it failed or "closed".
     */
    private static String handshake(SslContext server, SslContext client, String hostName, long settleMillis)
            throws Exception {
        Channel listener = new ServerBootstrap().group(group).channel(Transports.serverChannel(Transports.of(group)))
                .childHandler(new ChannelInitializer<>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        ch.pipeline().addLast(server.newHandler(ch.alloc()));
                    }
                }).bind("127.0.0.1", 0).sync().channel();
        CompletableFuture<String> outcome = new CompletableFuture<>();
        try {
            int port = ((InetSocketAddress) listener.localAddress()).getPort();
            Channel channel = new Bootstrap().group(group).channel(Transports.socketChannel(Transports.of(group)))
                    .handler(new ChannelInitializer<>() {
                        @Override
                        protected void initChannel(Channel ch) {
                            ch.pipeline().addLast(client.newHandler(ch.alloc(), hostName, port),
                                    new SimpleChannelInboundHandler<Object>() {
                                        @Override
                                        public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
                                            if (event instanceof SslHandshakeCompletionEvent done) {
                                                if (!done.isSuccess()) {
                                                    outcome.complete("failed: " + done.cause());
                                                    return;
                                                }
                                                // a server refusing the client's certificate under TLS 1.3 says so
                                                // after the client's handshake completed: give it a moment
                                                String alpn = ctx.pipeline().get(SslHandler.class)
                                                        .applicationProtocol();
                                                ctx.executor().schedule(() -> outcome.complete(
                                                        alpn == null ? "ok" : alpn), settleMillis,
                                                        TimeUnit.MILLISECONDS);
                                            }
                                        }

                                        @Override
                                        public void channelInactive(ChannelHandlerContext ctx) {
                                            outcome.complete("closed");
                                        }

                                        @Override
                                        protected void channelRead0(ChannelHandlerContext ctx, Object msg) {
                                        }

                                        @Override
                                        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
                                            outcome.complete("failed: " + cause);
                                        }
                                    });
                        }
                    }).connect("127.0.0.1", port).sync().channel();
            try {
                return outcome.get(10, TimeUnit.SECONDS);
            } finally {
                channel.close().sync();
            }
        } finally {
            listener.close().sync();
        }
    }
}
