package dev.brisk.benchmarks.rpc.grpc;

import dev.brisk.benchmarks.rpc.RpcPeer;
import dev.brisk.benchmarks.rpc.UserService;
import dev.brisk.benchmarks.rpc.grpc.proto.UserServiceGrpc;
import io.grpc.Grpc;
import io.grpc.InsecureChannelCredentials;
import io.grpc.InsecureServerCredentials;
import io.grpc.ManagedChannel;
import io.grpc.Server;

import java.util.concurrent.TimeUnit;

/**
 * {@code rpc grpc}: gRPC-java with its default transport (Netty, the shaded copy inside grpc-netty-shaded) and
 * defaults everywhere, as an application would start it: the server runs calls on gRPC's default executor; the
 * callers share one {@link ManagedChannel} through one blocking stub. Plaintext HTTP/2.
 */
public final class GrpcPeer implements RpcPeer {

    private static final long CLOSE_SECONDS = 5;

    @Override
    public Running serve(int port, UserService service) throws Exception {
        Server server = Grpc.newServerBuilderForPort(port, InsecureServerCredentials.create())
                .addService(new GrpcUserServiceEndpoint(service))
                .build()
                .start();
        return new Running() {
            @Override
            public int port() {
                return server.getPort();
            }

            @Override
            public void close() throws InterruptedException {
                if (!server.shutdown().awaitTermination(CLOSE_SECONDS, TimeUnit.SECONDS)) {
                    server.shutdownNow();
                }
            }
        };
    }

    @Override
    public Connected connect(String host, int port) {
        ManagedChannel channel = Grpc.newChannelBuilderForAddress(host, port, InsecureChannelCredentials.create())
                .build();
        UserService service = new GrpcUserServiceClient(UserServiceGrpc.newBlockingStub(channel));
        return new Connected() {
            @Override
            public UserService service() {
                return service;
            }

            @Override
            public void close() throws InterruptedException {
                channel.shutdownNow().awaitTermination(CLOSE_SECONDS, TimeUnit.SECONDS);
            }
        };
    }
}
