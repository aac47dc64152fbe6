/**
 * Brisk's asynchronous HTTP client: HTTP/1.1, h2 and h2c on Netty, pools per host split per event loop. Start with
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

    exports dev.brisk.client;

    uses dev.brisk.client.Interceptor;
    uses dev.brisk.client.ClientExtensionFactory;
    uses dev.brisk.client.EncodeAdvice;
    uses dev.brisk.client.DecodeAdvice;
}
