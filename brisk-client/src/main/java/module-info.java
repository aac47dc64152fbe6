/**
 * Brisk's asynchronous HTTP client: HTTP/1.1, h2, h2c and HTTP/3 on Netty, pools per host split per event loop. Start with
 * {@link dev.brisk.client.BriskClient#create()} or {@link dev.brisk.client.BriskClient#builder()}.
 */
module dev.brisk.client {
    requires transitive dev.brisk.transport;
    requires transitive dev.brisk.http.common;
    requires transitive dev.brisk.codec;
    requires transitive io.netty.codec.http;
    requires io.netty.codec;
    requires io.netty.codec.http2;
    requires io.netty.codec.compression;
    requires io.netty.handler.proxy;
    requires io.netty.resolver;
    // HTTP/3: only when the application has the QUIC jars and chooses it
    requires static io.netty.codec.http3;
    requires static io.netty.codec.classes.quic;

    exports dev.brisk.client;

    uses dev.brisk.client.Interceptor;
    uses dev.brisk.client.ClientExtensionFactory;
    uses dev.brisk.client.EncodeAdvice;
    uses dev.brisk.client.DecodeAdvice;
}
