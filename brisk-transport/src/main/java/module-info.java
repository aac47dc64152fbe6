/**
 * What every Brisk network module shares: socket transport selection and event loop groups
 * ({@link dev.brisk.transport.Transports}) and TLS contexts for servers and clients
 * ({@link dev.brisk.transport.TlsOptions}, {@link dev.brisk.transport.TlsContexts}).
 */
@SuppressWarnings("module") // the modules dev.brisk.transport.spi is exported to are built after this one
module dev.brisk.transport {
    requires transitive io.netty.common;
    requires transitive io.netty.buffer;
    requires transitive io.netty.transport;
    requires transitive io.netty.handler;
    requires io.netty.transport.classes.epoll;
    requires io.netty.transport.classes.io_uring;
    requires io.netty.transport.classes.kqueue;
    requires io.netty.transport.unix.common;
    requires static jdk.jfr;
    // QUIC (HTTP/3): only for the modules that offer it (and require it themselves), when the application has the
    // QUIC jars
    requires static io.netty.codec.classes.quic;

    exports dev.brisk.transport;
    exports dev.brisk.transport.spi to dev.brisk.http, dev.brisk.client, dev.brisk.rest, dev.brisk.rest.websocket,
            dev.brisk.rpc, dev.brisk.rpc.zookeeper, dev.brisk.spring.boot;
}
