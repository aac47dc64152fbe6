/**
 * Brisk RPC: Java interfaces served and called over compact binary frames on Netty. Start with
 * {@link dev.brisk.rpc.RpcServer#builder()} and {@link dev.brisk.rpc.RpcClient#builder()}; serializers and registries
 * plug in through {@link dev.brisk.rpc.spi}.
 */
module dev.brisk.rpc {
    requires transitive dev.brisk.transport;
    requires io.netty.codec;
    requires org.apache.fory.core;
    requires static dev.brisk.rest;
    requires static com.esotericsoftware.kryo;
    requires static org.objenesis;
    requires static com.google.protobuf;
    requires static io.opentelemetry.api;
    requires static io.opentelemetry.context;

    exports dev.brisk.rpc;
    exports dev.brisk.rpc.spi;
    exports dev.brisk.rpc.http;
    exports dev.brisk.rpc.observe;

    uses dev.brisk.rpc.spi.Serializer;
}
