/**
 * Brisk's HTTP server: HTTP/1.1, HTTP/2 (h2, h2c upgrade and prior knowledge), HTTP/3 and TLS on Netty, with
 * aggregated and streamed bodies. Start with {@link dev.brisk.http.HttpServer#builder()}.
 */
module dev.brisk.http {
    requires transitive dev.brisk.transport;
    requires transitive dev.brisk.http.common;
    requires transitive io.netty.codec.http;
    requires io.netty.codec;
    requires io.netty.codec.http2;
    requires io.netty.codec.compression;
    // compression: the br and zstd codings, when present
    requires static com.aayushatharva.brotli4j;
    requires static com.github.luben.zstd_jni;
    // HTTP/3, when turned on and present
    requires static io.netty.codec.http3;
    requires static io.netty.codec.classes.quic;

    exports dev.brisk.http;
}
